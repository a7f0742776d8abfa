"""Denoising autoencoder training loop that tracks a few scalars per step."""
import torch
import torch.nn as nn

from tracking import MetricTracker


class DenoisingAE(nn.Module):
    def __init__(self, dim=20, hidden=8):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, hidden), nn.GELU())
        self.decoder = nn.Linear(hidden, dim)

    def forward(self, x, noise=0.1):
        return self.decoder(self.encoder(x + noise * torch.randn_like(x)))


def train_step(model, opt, tracker, x):
    recon = model(x)
    loss = nn.functional.mse_loss(recon, x)
    opt.zero_grad()
    loss.backward()
    grad_norm = float(nn.utils.clip_grad_norm_(model.parameters(), 5.0))
    opt.step()
    recon_loss = loss.item()
    tracker.update(recon_loss)
    tracker.update(grad_norm)


def main():
    model = DenoisingAE()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    tracker = MetricTracker(window=5)
    for _ in range(4):
        train_step(model, opt, tracker, torch.randn(32, 20))
    summary = tracker.summary()
    assert set(summary) == {"recon_loss", "grad_norm"}, summary


if __name__ == "__main__":
    main()
