"""Gradient-based MPC for a planar mobile base with a learned drag model and a smooth-control prior."""
import torch
import torch.nn as nn

CONFIG = {"episodes": 2, "steps": 10, "horizon": 8, "iters": 5, "lr": 0.2, "smooth": 0.5,
          "u_max": 1.5, "dt": 0.1, "drag": 0.4}


def true_step(x, u, dt=CONFIG["dt"], drag=CONFIG["drag"]):
    pos, vel = x[..., :2], x[..., 2:]
    vel = vel + dt * (u - drag * vel * vel.norm(dim=-1, keepdim=True))
    return torch.cat([pos + dt * vel, vel], dim=-1)


class ResidualDynamics(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, hidden), nn.Tanh(), nn.Linear(hidden, 4))

    def forward(self, x, u):
        return x + self.net(torch.cat([x, u], dim=-1))


def fit(model, n=512, epochs=200):
    x = torch.randn(n, 4)
    u = torch.rand(n, 2) * 3.0 - 1.5
    target = true_step(x, u)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(epochs):
        loss = nn.functional.mse_loss(model(x, u), target)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def smoothness_grad(u):
    # d/du of 0.5 * sum_t ||u[t+1] - u[t]||^2
    d = u[1:] - u[:-1]
    return nn.functional.pad(d, (0, 0, 1, 0)) - nn.functional.pad(d, (0, 0, 0, 1))


class GradientMPC:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.plan = torch.zeros(cfg["horizon"], 2)

    def cost(self, x0, u, goal):
        x, total = x0, 0.0
        for t in range(u.shape[0]):
            x = self.model(x, u[t])
            total = total + (x[:2] - goal).pow(2).sum() + 0.05 * x[2:].pow(2).sum()
        return total

    def act(self, x0, goal):
        u = self.plan.clone().requires_grad_(True)
        opt = torch.optim.SGD([u], lr=self.cfg["lr"], momentum=0.5)
        for _ in range(self.cfg["iters"]):
            cost = self.cost(x0, u, goal)
            opt.zero_grad()
            cost.backward()
            u.grad.add_(self.cfg["smooth"] * smoothness_grad(u))  # retain
            opt.step()
            with torch.no_grad():
                u.clamp_(-self.cfg["u_max"], self.cfg["u_max"])
        self.plan = torch.cat([u.detach()[1:], u.detach()[-1:]])
        return u.detach()[0], cost.item()


def main():
    torch.manual_seed(0)
    model = ResidualDynamics()
    print(f"dynamics fit loss {fit(model):.5f}")
    goal = torch.tensor([1.0, -0.5])
    for episode in range(CONFIG["episodes"]):
        mpc = GradientMPC(model, CONFIG)
        x = torch.tensor([-0.5 * episode, 0.3 * episode, 0.0, 0.0])
        for step in range(CONFIG["steps"]):
            u, cost = mpc.act(x, goal)
            x = true_step(x, u)
        print(f"episode {episode}: distance to goal {float((x[:2] - goal).norm()):.3f}, last plan cost {cost:.3f}")


if __name__ == "__main__":
    main()
