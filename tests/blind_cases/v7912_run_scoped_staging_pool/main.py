"""Contrastive encoder training that mirrors every batch's embeddings into a host-side memory bank."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from staging import HostStagingPool, to_host

CONFIG = {"n": 320, "features": 24, "dim": 16, "batch_size": 32, "epochs": 2, "lr": 0.01,
          "temperature": 0.2, "noise": 0.1, "log_every": 5}


class Encoder(nn.Module):
    def __init__(self, features, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(features, 64), nn.ReLU(), nn.Linear(64, dim))

    def forward(self, x):
        return F.normalize(self.net(x), dim=-1)


class MemoryBank:
    def __init__(self, size, dim):
        self.feats = torch.zeros(size, dim)
        self.filled = torch.zeros(size, dtype=torch.bool)

    @torch.no_grad()
    def write(self, idx, host_feats):
        self.feats[idx] = host_feats
        self.filled[idx] = True

    @torch.no_grad()
    def hard_negative_rate(self, queries, idx, margin=0.7):
        sims = queries @ self.feats[self.filled].T
        sims[torch.arange(len(idx)), torch.searchsorted(self.filled.nonzero().squeeze(1), idx)] = -1
        return (sims.max(1).values > margin).float().mean().item()


def info_nce(a, b, temperature):
    logits = a @ b.T / temperature
    return F.cross_entropy(logits, torch.arange(len(a)))


def train(cfg, seed):
    torch.manual_seed(seed)
    data = torch.randn(cfg["n"], cfg["features"])
    encoder = Encoder(cfg["features"], cfg["dim"])
    opt = torch.optim.Adam(encoder.parameters(), lr=cfg["lr"])
    bank = MemoryBank(cfg["n"], cfg["dim"])
    staging = HostStagingPool()
    step = 0
    for epoch in range(cfg["epochs"]):
        for idx in torch.randperm(cfg["n"]).split(cfg["batch_size"]):
            x = data[idx]
            z1 = encoder(x + cfg["noise"] * torch.randn_like(x))
            z2 = encoder(x + cfg["noise"] * torch.randn_like(x))
            loss = info_nce(z1, z2, cfg["temperature"])
            opt.zero_grad()
            loss.backward()
            opt.step()
            host = to_host(z1, staging)
            bank.write(idx, host)
            staging.release(host)
            step += 1
            if step % cfg["log_every"] == 0:
                rate = bank.hard_negative_rate(z2.detach(), idx)
                print(f"step {step}: loss {loss.item():.4f} hard negatives {rate:.3f}")
    print(f"staging buffers: {staging.allocated} allocated, {staging.reused} reuses")


def main():
    train(CONFIG, seed=0)


if __name__ == "__main__":
    main()
