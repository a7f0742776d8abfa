"""Fit a neural ODE to trajectories of the cubic spiral system."""
import torch

from node import ODEFunc, odeint

TRUE_A = torch.tensor([[-0.1, 2.0], [-2.0, -0.1]])
CONFIG = {"n_iters": 6, "batch": 16, "t_end": 1.0, "n_times": 8, "lr": 3e-3}


def true_field(t, y):
    return (y ** 3) @ TRUE_A


def sample_batch(cfg):
    ts = torch.linspace(0.0, cfg["t_end"], cfg["n_times"])
    y0 = torch.tensor([2.0, 0.0]) + 0.2 * torch.randn(cfg["batch"], 2)
    with torch.no_grad():
        target = odeint(true_field, y0, ts)
    return y0, ts, target


def train(cfg):
    func = ODEFunc()
    opt = torch.optim.Adam(func.parameters(), lr=cfg["lr"])
    history = []
    for it in range(cfg["n_iters"]):
        y0, ts, target = sample_batch(cfg)
        pred = odeint(func, y0, ts)
        loss = (pred - target).abs().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        history.append(loss.item())
    return func, history


def main():
    torch.manual_seed(0)
    func, history = train(CONFIG)
    print("losses", ["%.4f" % v for v in history])


if __name__ == "__main__":
    main()
