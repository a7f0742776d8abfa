"""Autoencoder pretraining with gradient-health diagnostics."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import diagnostics


class AutoEncoder(nn.Module):
    def __init__(self, d_in=32, d_hidden=8):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d_in, 64), nn.ReLU(), nn.Linear(64, d_hidden))
        self.dec = nn.Sequential(nn.Linear(d_hidden, 64), nn.ReLU(), nn.Linear(64, d_in))

    def forward(self, x):
        z = self.enc(x)
        return self.dec(z), z


def train_step(model, opt, x, clip=1.0):
    recon, z = model(x)
    loss = F.mse_loss(recon, x) + 1e-3 * z.pow(2).mean()
    opt.zero_grad()
    loss.backward()
    total_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
    diagnostics.check_ratio("grad_clip_ratio", total_norm, clip, max_ratio=0.5)
    diagnostics.check_finite("loss", loss.detach())
    opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    model = AutoEncoder()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    data = torch.randn(128, 32) * 3
    for epoch in range(2):
        for xb in data.split(32):
            train_step(model, opt, xb)
    diagnostics.dump_sites()


if __name__ == "__main__":
    main()
