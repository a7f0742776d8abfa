"""Variational autoencoder runs on synthetic data, reported through a shared console."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from console import Console

RUNS = [{"name": "beta1", "beta": 1.0}, {"name": "beta4", "beta": 4.0}]
EPOCHS, STEPS, DIM, LATENT = 2, 3, 20, 4


class VAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(DIM, 2 * LATENT)
        self.dec = nn.Sequential(nn.Linear(LATENT, 32), nn.ReLU(), nn.Linear(32, DIM))

    def forward(self, x):
        mu, logvar = self.enc(x).chunk(2, dim=1)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        return self.dec(z), mu, logvar


def vae_loss(recon, x, mu, logvar, beta):
    rec = F.mse_loss(recon, x, reduction="sum") / x.shape[0]
    kld = -0.5 * torch.mean(torch.sum(1 + logvar - mu.pow(2) - logvar.exp(), dim=1))
    return rec + beta * kld, kld


def run(cfg):
    console = Console(prefix=f"[{cfg['name']}] ")
    model = VAE()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(EPOCHS):
        with console.capture():
            for step in range(STEPS):
                x = torch.randn(32, DIM)
                recon, mu, logvar = model(x)
                loss, kld = vae_loss(recon, x, mu, logvar, cfg["beta"])
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                console.set_status(f"epoch {epoch} step {step} loss {loss.item():.3f}")
            print(f"epoch {epoch} done, kld {kld.item():.4f}")
    console.close()
    return console.lines_written


def main():
    for cfg in RUNS:
        lines = run(cfg)
        print(f"{cfg['name']}: {lines} console lines")


if __name__ == "__main__":
    main()
