"""Fisher-KPP reaction-diffusion with a learned reaction term, integrated with Strang splitting."""
import math

import torch
import torch.nn as nn

CFG = {
    "nx": 64,
    "length": 1.0,
    "dt": 2e-3,
    "n_steps": 16,
    "epochs": 3,
    "batches_per_epoch": 3,
    "batch_size": 4,
    "lr": 1e-2,
    "true_diffusivity": 5e-3,
}


class ReactionNet(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(1, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, u):
        return self.net(u.unsqueeze(-1)).squeeze(-1)


def logistic(u):
    return u * (1.0 - u)


class SplitStepper:
    """Second-order splitting: half reaction, full diffusion, half reaction."""

    def __init__(self, reaction, diffusivity, length, nx, dt):
        self.reaction = reaction
        self.diffusivity = diffusivity
        self.dt = dt
        k = 2.0 * math.pi * torch.fft.rfftfreq(nx, d=length / nx)
        self.k2 = k * k
        self.splitting = (("react", 0.5), ("diffuse", 1.0), ("react", 0.5))
        self.n_substeps = 0

    def react(self, u, h):
        k1 = self.reaction(u)
        return u + h * self.reaction(u + 0.5 * h * k1)

    def diffuse(self, u, h):
        u_hat = torch.fft.rfft(u, dim=-1)
        u_hat = u_hat * torch.exp(-self.diffusivity * self.k2 * h)
        return torch.fft.irfft(u_hat, n=u.shape[-1], dim=-1)

    def step(self, u):
        for name, frac in self.splitting:
            u = getattr(self, name)(u, frac * self.dt)
            self.n_substeps += 1
        return u

    def rollout(self, u0, n_steps):
        states = [u0]
        for _ in range(n_steps):
            states.append(self.step(states[-1]))
        return torch.stack(states, dim=1)


def initial_fronts(batch, nx, length):
    x = torch.linspace(0.0, length, nx + 1)[:-1]
    centers = 0.3 + 0.4 * torch.rand(batch, 1)
    widths = 0.03 + 0.05 * torch.rand(batch, 1)
    return torch.exp(-((x - centers) / widths) ** 2)


@torch.no_grad()
def reference_rollout(u0, cfg):
    stepper = SplitStepper(logistic, cfg["true_diffusivity"], cfg["length"], cfg["nx"], cfg["dt"])
    return stepper.rollout(u0, cfg["n_steps"])


def main():
    torch.manual_seed(0)
    cfg = CFG
    reaction = ReactionNet()
    log_diffusivity = nn.Parameter(torch.tensor(math.log(1e-2)))
    params = list(reaction.parameters()) + [log_diffusivity]
    opt = torch.optim.Adam(params, lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        total = 0.0
        for _ in range(cfg["batches_per_epoch"]):
            u0 = initial_fronts(cfg["batch_size"], cfg["nx"], cfg["length"])
            target = reference_rollout(u0, cfg)
            stepper = SplitStepper(reaction, log_diffusivity.exp(), cfg["length"], cfg["nx"], cfg["dt"])
            pred = stepper.rollout(u0, cfg["n_steps"])
            loss = ((pred - target) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch} loss {total / cfg['batches_per_epoch']:.3e} D={log_diffusivity.exp().item():.4f}")


if __name__ == "__main__":
    main()
