"""Autoencoder training that logs weight and activation histograms each step."""
import torch
import torch.nn as nn

from experiment import get_writer


class AutoEncoder(nn.Module):
    def __init__(self, dim=12, bottleneck=3):
        super().__init__()
        self.enc = nn.Linear(dim, bottleneck)
        self.dec = nn.Linear(bottleneck, dim)

    def forward(self, x):
        z = torch.tanh(self.enc(x))
        return self.dec(z), z


def log_step(run_name, model, z, loss, step):
    writer = get_writer(run_name)
    writer.add_scalar("loss/recon", loss, step)
    writer.add_histogram("latent", z, step)
    for name, param in model.named_parameters():
        writer.add_histogram(f"weights/{name}", param, step)


def train(run_name, steps=4):
    model = AutoEncoder()
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for step in range(steps):
        x = torch.randn(32, 12)
        recon, z = model(x)
        loss = nn.functional.mse_loss(recon, x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        log_step(run_name, model, z, loss, step)


def main():
    for run_name in ("ae-lr5e-3", "ae-lr5e-3-seed1"):
        train(run_name)


if __name__ == "__main__":
    main()
