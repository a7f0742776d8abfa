"""Learn the reaction term of a Fisher-KPP equation u_t = D u_xx + f(u) from finite-difference rollouts."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"n": 48, "dx": 0.1, "dt": 0.002, "diffusion": 0.5, "n_steps": 20, "batch": 8,
          "lr": 3e-3, "epochs": 3, "steps_per_epoch": 3, "rate": 2.0}


class ClipUnitInterval_(torch.autograd.Function):
    """In-place projection of the interior densities onto [0, 1] (keeps the boundary columns untouched)."""

    @staticmethod
    def forward(ctx, u):
        inside = (u > 0.0) & (u < 1.0)
        u.clamp_(0.0, 1.0)
        ctx.mark_dirty(u)
        ctx.save_for_backward(inside)
        return u

    @staticmethod
    def backward(ctx, grad):
        (inside,) = ctx.saved_tensors
        return grad * inside.to(grad.dtype)


class Reaction(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(1, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, u):
        return self.net(u.unsqueeze(-1)).squeeze(-1)


def rollout(reaction, u0, cfg):
    u = u0
    for _ in range(cfg["n_steps"]):
        padded = F.pad(u.unsqueeze(1), (1, 1), mode="replicate").squeeze(1)
        lap = (padded[:, 2:] - 2 * u + padded[:, :-2]) / cfg["dx"] ** 2
        u = u + cfg["dt"] * (cfg["diffusion"] * lap + reaction(u))
        ClipUnitInterval_.apply(u[:, 1:-1])
    return u


def fronts(batch, n):
    x = torch.arange(n).float()
    pos = n * (0.2 + 0.3 * torch.rand(batch, 1))
    return torch.sigmoid(-(x - pos))


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    truth = lambda u: cfg["rate"] * u * (1 - u)
    model = Reaction()
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        model.train()
        for _ in range(cfg["steps_per_epoch"]):
            u0 = fronts(cfg["batch"], cfg["n"])
            with torch.no_grad():
                target = rollout(truth, u0, cfg)
            loss = (rollout(model, u0, cfg) - target).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        u0 = fronts(2 * cfg["batch"], cfg["n"])
        val = (rollout(model, u0, cfg) - rollout(truth, u0, cfg)).abs().max().item()
        print(f"epoch {epoch}: train {loss.item():.2e}, max front error {val:.3e}")


if __name__ == "__main__":
    main()
