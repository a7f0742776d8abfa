"""Neural ODE fitted to damped spiral trajectories with adjoint-method gradients."""
import torch
import torch.nn as nn

from adjoint import odeint_adjoint

CONFIG = {"dim": 2, "hidden": 32, "n_times": 8, "t_max": 2.0, "substeps": 3,
          "lr": 1e-2, "epochs": 2, "batches_per_epoch": 3, "batch_size": 16}

TRUE_A = torch.tensor([[-0.1, 2.0], [-2.0, -0.1]])


class ODEFunc(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim + 1, hidden), nn.Tanh(), nn.Linear(hidden, dim))

    def forward(self, t, y):
        tt = t.reshape(1, 1).expand(y.shape[0], 1)
        return self.net(torch.cat([y, tt], dim=1))


class NeuralODE(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.func = ODEFunc(cfg["dim"], cfg["hidden"])
        self.substeps = cfg["substeps"]

    def forward(self, y0, ts):
        return odeint_adjoint(self.func, y0, ts, self.substeps)


def spiral_batch(batch_size, ts):
    y0 = torch.randn(batch_size, 2)
    with torch.no_grad():
        ys = torch.stack([y0 @ torch.linalg.matrix_exp(TRUE_A.T * t) for t in ts])
    return y0, ys


def main():
    torch.manual_seed(0)
    ts = torch.linspace(0.0, CONFIG["t_max"], CONFIG["n_times"])
    model = NeuralODE(CONFIG)
    opt = torch.optim.Adam(model.parameters(), lr=CONFIG["lr"])
    for epoch in range(CONFIG["epochs"]):
        running = 0.0
        for _ in range(CONFIG["batches_per_epoch"]):
            y0, target = spiral_batch(CONFIG["batch_size"], ts)
            pred = model(y0, ts)
            loss = nn.functional.mse_loss(pred, target)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item()
        print(f"epoch {epoch}: trajectory mse {running / CONFIG['batches_per_epoch']:.4f}")


if __name__ == "__main__":
    main()
