"""Identify drag and restitution of a bouncing ball from its measured impact times."""
import torch
import torch.nn as nn

GRAVITY = 9.81
CFG = {"dt": 0.01, "t_end": 2.0, "height": 1.0, "iters": 4, "lr": 0.05}


class GroundImpact(Exception):
    def __init__(self, t, state):
        super().__init__(f"ground impact at t={float(t):.3f}")
        self.t = t
        self.state = state


class BallDynamics(nn.Module):
    def __init__(self, drag=0.05, restitution=0.6):
        super().__init__()
        self.log_drag = nn.Parameter(torch.tensor(drag).log())
        self.logit_e = nn.Parameter(torch.logit(torch.tensor(restitution)))

    @property
    def restitution(self):
        return torch.sigmoid(self.logit_e)

    def forward(self, t, y):
        height, vel = y[0], y[1]
        accel = -GRAVITY - self.log_drag.exp() * vel * vel.abs()
        return torch.stack([vel, accel])


class RK4:
    def __init__(self, rhs, dt):
        self.rhs = rhs
        self.dt = dt
        self.n_steps = 0

    def step(self, t, y):
        h = self.dt
        k1 = self.rhs(t, y)
        k2 = self.rhs(t + h / 2, y + h / 2 * k1)
        k3 = self.rhs(t + h / 2, y + h / 2 * k2)
        k4 = self.rhs(t + h, y + h * k3)
        self.n_steps += 1
        return y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

    def integrate(self, t, y, t_end):
        while t < t_end:
            y_next = self.step(t, y)
            if y_next[0] < 0:
                frac = y[0] / (y[0] - y_next[0])
                raise GroundImpact(t + frac * self.dt, y + frac * (y_next - y))
            t, y = t + self.dt, y_next
        return y


class BounceSimulator:
    def __init__(self, dynamics, dt):
        self.dynamics = dynamics
        self.integrator = RK4(dynamics, dt)
        self.impacts = []

    def rollout(self, y0, t_end, max_bounces=4):
        t, y = torch.tensor(0.0), y0
        while len(self.impacts) < max_bounces:
            try:
                return self.integrator.integrate(t, y, t_end)
            except GroundImpact as hit:
                self.impacts.append(hit)  # cycle
                t = hit.t
                y = torch.stack([torch.zeros(()), -self.dynamics.restitution * hit.state[1]])
        return y

    def impact_times(self):
        return torch.stack([hit.t for hit in self.impacts])


@torch.no_grad()
def measure(cfg):
    truth = BallDynamics(drag=0.02, restitution=0.8)
    sim = BounceSimulator(truth, cfg["dt"])
    sim.rollout(torch.tensor([cfg["height"], 0.0]), cfg["t_end"])
    return sim.impact_times()


def main():
    measured = measure(CFG)
    model = BallDynamics()
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for it in range(CFG["iters"]):
        sim = BounceSimulator(model, CFG["dt"])
        sim.rollout(torch.tensor([CFG["height"], 0.0]), CFG["t_end"])
        pred = sim.impact_times()
        n = min(len(pred), len(measured))
        loss = ((pred[:n] - measured[:n]) ** 2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it}: {n} impacts, loss {loss.item():.5f}, e={model.restitution.item():.3f}")


if __name__ == "__main__":
    main()
