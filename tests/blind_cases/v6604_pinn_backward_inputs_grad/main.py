"""Physics-informed network for the 1D heat equation on [0, 1] x [0, T] with Dirichlet walls."""
import torch
import torch.nn as nn

from physics import exact_solution, heat_residual, initial_profile

CONFIG = {
    "alpha": 0.1,
    "t_max": 0.5,
    "n_interior": 128,
    "n_boundary": 32,
    "hidden": 32,
    "lr": 2e-3,
    "epochs": 2,
    "steps_per_epoch": 3,
    "weights": {"pde": 1.0, "ic": 10.0, "bc": 10.0},
}


class HeatPINN(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(2, hidden), nn.Tanh(),
            nn.Linear(hidden, hidden), nn.Tanh(),
            nn.Linear(hidden, 1),
        )

    def forward(self, xt):
        return self.net(xt)


def sample_interior(n, t_max):
    xt = torch.rand(n, 2) * torch.tensor([1.0, t_max])
    return xt.requires_grad_(True)


def sample_boundary(n, t_max):
    t = torch.rand(n, 1) * t_max
    x = torch.randint(0, 2, (n, 1)).float()
    return torch.cat([x, t], dim=1)


def sample_initial(n):
    x = torch.rand(n, 1)
    return torch.cat([x, torch.zeros_like(x)], dim=1), initial_profile(x)


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = HeatPINN(cfg["hidden"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    w = cfg["weights"]
    for epoch in range(cfg["epochs"]):
        for step in range(cfg["steps_per_epoch"]):
            xt = sample_interior(cfg["n_interior"], cfg["t_max"])
            res = heat_residual(model, xt, cfg["alpha"])
            xb = sample_boundary(cfg["n_boundary"], cfg["t_max"])
            x0, u0 = sample_initial(cfg["n_boundary"])
            loss = (w["pde"] * res.pow(2).mean()
                    + w["bc"] * model(xb).pow(2).mean()
                    + w["ic"] * (model(x0) - u0).pow(2).mean())
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            xs = torch.linspace(0, 1, 21).unsqueeze(1)
            ts = torch.full_like(xs, cfg["t_max"])
            err = (model(torch.cat([xs, ts], 1)) - exact_solution(xs, ts, cfg["alpha"])).abs().max()
        print(f"epoch {epoch}: loss {loss.item():.4f}, max error at t=T {err.item():.4f}")


if __name__ == "__main__":
    main()
