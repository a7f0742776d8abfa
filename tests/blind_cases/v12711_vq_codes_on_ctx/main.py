"""Tiny VQ autoencoder on synthetic mixture data."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from vq import VectorQuantizer

CFG = {"in_dim": 8, "latent": 4, "codes": 16, "epochs": 2, "batches": 3, "batch": 32, "lr": 3e-3}


class VQAutoencoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(cfg["in_dim"], 16), nn.ReLU(), nn.Linear(16, cfg["latent"]))
        self.vq = VectorQuantizer(cfg["codes"], cfg["latent"])
        self.dec = nn.Sequential(nn.Linear(cfg["latent"], 16), nn.ReLU(), nn.Linear(16, cfg["in_dim"]))

    def forward(self, x):
        z_q, commit = self.vq(self.enc(x))
        return self.dec(z_q), commit


def sample(cfg, centers):
    idx = torch.randint(0, len(centers), (cfg["batch"],))
    return centers[idx] + 0.1 * torch.randn(cfg["batch"], cfg["in_dim"])


def main():
    torch.manual_seed(0)
    centers = torch.randn(5, CFG["in_dim"]) * 2
    model = VQAutoencoder(CFG)
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["batches"]):
            x = sample(CFG, centers)
            recon, commit = model(x)
            loss = F.mse_loss(recon, x) + commit
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss={loss.item():.4f} perplexity={model.vq.perplexity():.2f}")


if __name__ == "__main__":
    main()
