"""Regression training loop that reports scalars through a hand-written writer."""
import torch
import torch.nn as nn

from eventlog import ScalarWriter


def make_batch(n=32, dim=6):
    x = torch.randn(n, dim)
    y = x[:, :2].sum(dim=1, keepdim=True) + 0.1 * torch.randn(n, 1)
    return x, y


def run(run_name, steps=5):
    writer = ScalarWriter(f"runs/{run_name}", flush_every=100)
    model = nn.Sequential(nn.Linear(6, 16), nn.GELU(), nn.Linear(16, 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for step in range(steps):
        x, y = make_batch()
        pred = model(x)
        loss = nn.functional.mse_loss(pred, y)
        opt.zero_grad()
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        opt.step()
        writer.add_scalar("train/loss", loss.item(), step)
        writer.add_scalars("train", {"grad_norm": grad_norm.item(),
                                     "lr": opt.param_groups[0]["lr"]}, step)
    return writer.lines_written


def main():
    for name in ("baseline", "wider"):
        run(name)


if __name__ == "__main__":
    main()
