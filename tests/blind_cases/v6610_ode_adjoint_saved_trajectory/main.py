"""Neural ODE fitted to Van der Pol trajectories with adjoint gradients and NFE bookkeeping."""
import torch
import torch.nn as nn

from adjoint import odeint_adjoint
from integrators import rk4

CONFIG = {"hidden": 32, "n_times": 8, "t_max": 1.5, "substeps": 3, "mu": 1.0,
          "lr": 1e-2, "epochs": 2, "batches": 3, "batch_size": 16}


class VectorField(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, hidden), nn.Softplus(), nn.Linear(hidden, 2))

    def forward(self, t, y):
        return self.net(y)


def van_der_pol(t, state, mu):
    x, v = state[0][:, :1], state[0][:, 1:]
    return (torch.cat([v, mu * (1 - x ** 2) * v - x], dim=1),)


def reference_batch(batch_size, ts, mu, substeps):
    y0 = 2 * torch.rand(batch_size, 2) - 1
    ys = [y0]
    with torch.no_grad():
        for i in range(len(ts) - 1):
            ys.append(rk4(lambda t, s: van_der_pol(t, s, mu), ts[i], ts[i + 1], (ys[-1],), 4 * substeps)[0])
    return y0, torch.stack(ys)


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    ts = torch.linspace(0.0, cfg["t_max"], cfg["n_times"])
    func = VectorField(cfg["hidden"])
    opt = torch.optim.Adam(func.parameters(), lr=cfg["lr"])
    stats = {"forward_nfe": 0, "steps": 0}
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["batches"]):
            y0, target = reference_batch(cfg["batch_size"], ts, cfg["mu"], cfg["substeps"])
            pred, nfe = odeint_adjoint(func, y0, ts, cfg["substeps"])
            loss = nn.functional.mse_loss(pred, target)
            opt.zero_grad()
            loss.backward()
            opt.step()
            stats["forward_nfe"] += int(nfe)
            stats["steps"] += 1
        print(f"epoch {epoch}: loss {loss.item():.4f}, mean NFE {stats['forward_nfe'] / stats['steps']:.0f}")


if __name__ == "__main__":
    main()
