"""Train a toy DDPM on two moons and preview DPM-Solver samples after every epoch."""
import math

import torch
import torch.nn.functional as F

from denoiser import Denoiser
from scheduling import NOISE_SCHEDULER

TRAIN = {"epochs": 3, "steps_per_epoch": 4, "batch": 64, "lr": 2e-3,
         "preview_samples": 32, "preview_steps": 8}


def two_moons(n, gen):
    theta = torch.rand(n, generator=gen) * math.pi
    upper = torch.rand(n, generator=gen) < 0.5
    x = torch.where(upper, theta.cos(), 1 - theta.cos())
    y = torch.where(upper, theta.sin(), 0.5 - theta.sin())
    return torch.stack([x, y], -1) + 0.05 * torch.randn(n, 2, generator=gen)


def preview(model, scheduler, n, steps, gen):
    model.eval()
    scheduler.set_timesteps(steps)
    sample = torch.randn(n, 2, generator=gen)
    for t in scheduler.timesteps:
        eps = model(sample, torch.full((n,), t))
        sample = scheduler.step(eps, t, sample)
    model.train()
    return sample.mean(0).tolist(), sample.std(0).tolist()


def main():
    gen = torch.Generator().manual_seed(0)
    torch.manual_seed(0)
    model = Denoiser()
    opt = torch.optim.AdamW(model.parameters(), lr=TRAIN["lr"])
    for epoch in range(TRAIN["epochs"]):
        for _ in range(TRAIN["steps_per_epoch"]):
            x0 = two_moons(TRAIN["batch"], gen)
            t = torch.randint(0, NOISE_SCHEDULER.num_train_timesteps, (TRAIN["batch"],), generator=gen)
            noise = torch.randn(x0.shape, generator=gen)
            loss = F.mse_loss(model(NOISE_SCHEDULER.add_noise(x0, noise, t), t), noise)
            opt.zero_grad()
            loss.backward()
            opt.step()
        mean, std = preview(model, NOISE_SCHEDULER, TRAIN["preview_samples"], TRAIN["preview_steps"], gen)
        print(f"epoch {epoch} loss {loss.item():.3f} preview mean {mean} std {std}")


if __name__ == "__main__":
    main()
