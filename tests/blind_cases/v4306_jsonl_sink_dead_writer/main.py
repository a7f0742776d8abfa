"""Denoising autoencoder training that streams its metrics to the shared JSONL sink."""
import tempfile

import torch
import torch.nn as nn

import telemetry


class DenoisingAE(nn.Module):
    def __init__(self, dim=20, hidden=8):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU())
        self.decoder = nn.Linear(hidden, dim)

    def forward(self, x, noise=0.1):
        return self.decoder(self.encoder(x + noise * torch.randn_like(x)))


def train(model, steps, lr, log_every=1):
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    for step in range(steps):
        x = torch.randn(32, 20)
        recon = model(x)
        loss = nn.functional.mse_loss(recon, x)
        optimizer.zero_grad()
        loss.backward()
        grad_norm = nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        if step % log_every == 0:
            telemetry.log_metrics(step, loss=loss, grad_norm=float(grad_norm), lr=lr)  # retain
    return loss.item()


def main():
    with tempfile.TemporaryDirectory() as run_dir:
        telemetry.configure(run_dir)
        for lr in (1e-2, 3e-3):
            final = train(DenoisingAE(), steps=6, lr=lr)
            assert final > 0


if __name__ == "__main__":
    main()
