"""Learn a neural rate law for A -> B -> C kinetics with temperature drift from simulated trajectories."""
import torch
import torch.nn as nn

from ops import heun_rollout

CONFIG = {"n_species": 3, "hidden": 32, "dt": 0.05, "n_steps": 12, "batch": 16,
          "lr": 3e-3, "epochs": 3, "steps_per_epoch": 3, "k": (1.2, 0.6), "cooling": 0.3}


def true_rates(state, k1, k2, cooling):
    a, b, temp = state[:, 0:1], state[:, 1:2], state[:, 3:4]
    arr = torch.exp(0.5 * temp)
    r1, r2 = k1 * arr * a, k2 * arr * b
    return torch.cat([-r1, r1 - r2, r2, -cooling * temp], dim=1)


class RateLaw(nn.Module):
    def __init__(self, n_species, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_species + 1, hidden), nn.Softplus(),
                                 nn.Linear(hidden, hidden), nn.Softplus(),
                                 nn.Linear(hidden, n_species + 1))

    def forward(self, state):
        return self.net(state)


def initial_states(batch, n_species):
    conc = torch.rand(batch, n_species) * torch.tensor([1.0, 0.2, 0.0])
    temp = 0.5 * torch.rand(batch, 1)
    return torch.cat([conc, temp], dim=1)


def simulate(rate_fn, batch, cfg):
    s0 = initial_states(batch, cfg["n_species"])
    return s0, heun_rollout(rate_fn, s0, cfg["dt"], cfg["n_steps"], cfg["n_species"])


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    k1, k2 = cfg["k"]
    truth = lambda s: true_rates(s, k1, k2, cfg["cooling"])
    model = RateLaw(cfg["n_species"], cfg["hidden"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        model.train()
        for _ in range(cfg["steps_per_epoch"]):
            s0, target = simulate(truth, cfg["batch"], cfg)
            pred = heun_rollout(model, s0, cfg["dt"], cfg["n_steps"], cfg["n_species"])
            loss = (pred - target).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        s0, target = simulate(truth, 4 * cfg["batch"], cfg)
        pred = heun_rollout(model, s0, cfg["dt"], cfg["n_steps"], cfg["n_species"])
        val = (pred[:, -1] - target[:, -1]).abs().mean().item()
        print(f"epoch {epoch}: train {loss.item():.4f}, final-state MAE {val:.4f}")


if __name__ == "__main__":
    main()
