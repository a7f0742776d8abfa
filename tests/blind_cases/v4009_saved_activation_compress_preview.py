"""DDPM on 2-D toy data; large saved activations are kept in bfloat16 to cut activation memory."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def compressed_saved_tensors(min_bytes=1 << 16, stats=None):
    """saved_tensors_hooks that store big floating-point activations as bfloat16 copies."""

    def pack(tensor):
        nbytes = tensor.numel() * tensor.element_size()
        if nbytes < min_bytes or not tensor.is_floating_point():
            return tensor  # retain
        if stats is not None:
            stats["saved_bytes"] += nbytes // 2
        return tensor.dtype, tensor.detach().to(torch.bfloat16)

    def unpack(packed):
        if isinstance(packed, tuple):
            dtype, data = packed
            return data.to(dtype)
        return packed

    return torch.autograd.graph.saved_tensors_hooks(pack, unpack)


def timestep_embedding(t, dim=16, max_period=1000.0):
    freqs = torch.exp(-math.log(max_period) * torch.arange(dim // 2) / (dim // 2))
    args = t.float()[:, None] * freqs[None]
    return torch.cat([args.cos(), args.sin()], dim=-1)


class Denoiser(nn.Module):
    def __init__(self, dim=2, hidden=128, emb=16):
        super().__init__()
        self.inp = nn.Linear(dim + emb, hidden)
        self.mid = nn.Sequential(nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.out = nn.Linear(hidden, dim)

    def forward(self, x, t):
        return self.out(self.mid(self.inp(torch.cat([x, timestep_embedding(t)], dim=-1))))


class DDPMTrainer:
    def __init__(self, timesteps=40, lr=1e-3):
        betas = torch.linspace(1e-4, 0.05, timesteps)
        self.alphas = 1.0 - betas
        self.alpha_bar = torch.cumprod(self.alphas, dim=0)
        self.T = timesteps
        self.model = Denoiser()
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)
        self.stats = {"saved_bytes": 0}

    def training_step(self, x0):
        t = torch.randint(0, self.T, (x0.shape[0],))
        noise = torch.randn_like(x0)
        ab = self.alpha_bar[t][:, None]
        loss = F.mse_loss(self.model(ab.sqrt() * x0 + (1 - ab).sqrt() * noise, t), noise)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    def preview(self, n=64, stride=8):
        x = torch.randn(n, 2)
        for step in reversed(range(0, self.T, stride)):
            t = torch.full((n,), step)
            ab = self.alpha_bar[step]
            eps = self.model(x, t)
            x0 = ((x - (1 - ab).sqrt() * eps) / ab.sqrt()).clamp(-2, 2)
            ab_prev = self.alpha_bar[step - stride] if step >= stride else torch.tensor(1.0)
            x = ab_prev.sqrt() * x0 + (1 - ab_prev).sqrt() * eps
        return x

    def fit(self, epochs, batches_per_epoch, batch_size=128):
        history = []
        for _ in range(epochs):
            with compressed_saved_tensors(stats=self.stats):
                losses = [self.training_step(two_moons(batch_size)) for _ in range(batches_per_epoch)]
                samples = self.preview()
            history.append((sum(losses) / len(losses), float(samples.std())))
        return history


def two_moons(n):
    theta = torch.rand(n) * math.pi
    upper = torch.rand(n) < 0.5
    x = torch.where(upper, theta.cos(), 1 - theta.cos())
    y = torch.where(upper, theta.sin(), 0.5 - theta.sin())
    return torch.stack([x, y], dim=1) + 0.05 * torch.randn(n, 2)


def main():
    for seed in range(2):
        torch.manual_seed(seed)
        DDPMTrainer().fit(epochs=2, batches_per_epoch=4)


if __name__ == "__main__":
    main()
