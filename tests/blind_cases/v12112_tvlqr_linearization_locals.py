"""Time-varying LQR tracking of a reference path with a learned unicycle model."""
import math
from functools import cached_property

import torch
import torch.nn as nn

CONFIG = {"steps": 12, "horizon": 5, "dt": 0.1, "q": (10.0, 10.0, 1.0, 0.5), "r": (0.1, 0.1)}


def unicycle(x, u, dt=CONFIG["dt"]):
    px, py, th, v = x.unbind(-1)
    acc, omega = u.unbind(-1)
    return torch.stack([px + dt * v * torch.cos(th), py + dt * v * torch.sin(th),
                        th + dt * omega, v + dt * acc], dim=-1)


class LearnedUnicycle(nn.Module):
    def __init__(self, hidden=48):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(7, hidden), nn.Tanh(), nn.Linear(hidden, 4))

    def forward(self, x, u):
        c, s, v = torch.cos(x[..., 2:3]), torch.sin(x[..., 2:3]), x[..., 3:]
        feats = torch.cat([c, s, v, u, v * c, v * s], dim=-1)
        return x + self.net(feats)


def fit(model, n=1024, epochs=300):
    x = torch.randn(n, 4) * torch.tensor([1.0, 1.0, math.pi, 1.0])
    u = torch.randn(n, 2)
    target = unicycle(x, u)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(epochs):
        loss = nn.functional.mse_loss(model(x, u), target)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


class Linearization:
    def __init__(self, model, x_ref, u_ref):
        self.model, self.x_ref, self.u_ref = model, x_ref, u_ref

    @cached_property
    def jacobians(self):
        return torch.autograd.functional.jacobian(self.model, (self.x_ref, self.u_ref))

    @cached_property
    def f_ref(self):
        with torch.no_grad():
            return self.model(self.x_ref, self.u_ref)

    @cached_property
    def predict(self):
        (A, B), f0, x0, u0 = self.jacobians, self.f_ref, self.x_ref, self.u_ref
        return lambda x, u: f0 + A @ (x - x0) + B @ (u - u0)


class TrackingLQR:
    def __init__(self, model, cfg):
        self.model = model
        self.horizon = cfg["horizon"]
        self.Q, self.R = torch.diag(torch.tensor(cfg["q"])), torch.diag(torch.tensor(cfg["r"]))

    def gains(self, lins):
        P, gains = self.Q, []
        for lin in reversed(lins):
            A, B = lin.jacobians
            K = torch.linalg.solve(self.R + B.T @ P @ B, B.T @ P @ A)
            P = self.Q + A.T @ P @ (A - B @ K)
            gains.append(K)
        return gains[::-1]

    def control(self, x, t, ref_x, ref_u):
        lins = [Linearization(self.model, ref_x[k], ref_u[k]) for k in range(t, t + self.horizon)]
        K = self.gains(lins)[0]
        u = ref_u[t] - K @ (x - ref_x[t])
        return u, lins[0].predict(x, u)


def reference(n, dt=CONFIG["dt"], radius=1.0, speed=0.8):
    ref_u = torch.tensor([[0.0, speed / radius]]).repeat(n, 1)
    ref_x = [torch.tensor([radius, 0.0, math.pi / 2, speed])]
    for k in range(n - 1):
        ref_x.append(unicycle(ref_x[-1], ref_u[k], dt))
    return torch.stack(ref_x), ref_u


def main():
    torch.manual_seed(0)
    model = LearnedUnicycle()
    print(f"model fit loss {fit(model):.5f}")
    ref_x, ref_u = reference(CONFIG["steps"] + CONFIG["horizon"])
    lqr = TrackingLQR(model, CONFIG)
    x = ref_x[0] + torch.tensor([0.15, -0.1, 0.1, 0.0])
    for t in range(CONFIG["steps"]):
        u, x_pred = lqr.control(x, t, ref_x, ref_u)
        x = unicycle(x, u)
        err = float((x[:2] - ref_x[t + 1][:2]).norm())
        print(f"t={t:2d} tracking error {err:.3f}, model prediction error {float((x_pred - x).norm()):.4f}")


if __name__ == "__main__":
    main()
