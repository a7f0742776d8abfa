"""Contrastive encoder training that mirrors every batch's embeddings into a host-side memory bank."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from staging import HOST_POOL, to_host

CONFIG = {"n": 320, "features": 24, "dim": 16, "batch_size": 32, "epochs": 2, "lr": 0.01,
          "temperature": 0.2, "noise": 0.1, "knn_every": 5}


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
    def knn_agreement(self, queries, idx):
        sims = queries @ self.feats[self.filled].T
        return (self.filled.nonzero().squeeze(1)[sims.argmax(1)] == idx).float().mean().item()


def info_nce(a, b, temperature):
    logits = a @ b.T / temperature
    return F.cross_entropy(logits, torch.arange(len(a)))


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    data = torch.randn(cfg["n"], cfg["features"])
    encoder = Encoder(cfg["features"], cfg["dim"])
    opt = torch.optim.Adam(encoder.parameters(), lr=cfg["lr"])
    bank = MemoryBank(cfg["n"], cfg["dim"])
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
            host = to_host(z1)
            bank.write(idx, host)
            HOST_POOL.release(host)
            step += 1
            if step % cfg["knn_every"] == 0:
                print(f"step {step}: loss {loss.item():.4f} knn {bank.knn_agreement(z2.detach(), idx):.3f}")
    print(f"staging buffers: {HOST_POOL.allocated} allocated, {HOST_POOL.reused} reuses")


if __name__ == "__main__":
    main()
