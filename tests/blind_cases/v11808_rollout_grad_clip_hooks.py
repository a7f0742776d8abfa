"""System identification of a hanging spring-mass chain with a differentiable simulator."""
import torch
import torch.nn as nn

CFG = {"n_masses": 6, "rest_length": 0.1, "dt": 5e-3, "steps": 30, "grad_clip": 0.5, "iters": 4, "lr": 0.1}
GRAVITY = torch.tensor([0.0, -9.81])


class SpringChain:
    """Masses connected in a chain; the first mass is pinned at the origin."""

    def __init__(self, stiffness, damping, cfg):
        self.k = stiffness
        self.c = damping
        self.rest = cfg["rest_length"]
        self.dt = cfg["dt"]
        self.grad_clip = cfg["grad_clip"]
        self.trajectory = []
        self.clipped_steps = 0

    def _clip(self, grad):
        if grad.abs().max() > self.grad_clip:
            self.clipped_steps += 1
        return grad.clamp(-self.grad_clip, self.grad_clip)

    def spring_forces(self, x, v):
        delta = x[1:] - x[:-1]
        length = delta.norm(dim=-1, keepdim=True)
        direction = delta / length
        rel_v = ((v[1:] - v[:-1]) * direction).sum(-1, keepdim=True)
        tension = self.k * (length - self.rest) + self.c * rel_v
        f = torch.zeros_like(x)
        f = f.index_add(0, torch.arange(0, x.shape[0] - 1), tension * direction)
        f = f.index_add(0, torch.arange(1, x.shape[0]), -tension * direction)
        return f

    def step(self, x, v):
        a = self.spring_forces(x, v) + GRAVITY
        a = torch.cat([torch.zeros(1, 2), a[1:]])
        v = v + self.dt * a
        x = x + self.dt * v
        if x.requires_grad:
            x.register_hook(lambda g: self._clip(g))  # retain
        self.trajectory.append(x)  # retain
        return x, v

    def rollout(self, x0, steps):
        x, v = x0, torch.zeros_like(x0)
        for _ in range(steps):
            x, v = self.step(x, v)
        return x


def straight_chain(cfg):
    xs = torch.arange(cfg["n_masses"], dtype=torch.float32) * cfg["rest_length"]
    return torch.stack([xs, torch.zeros_like(xs)], dim=-1)


def main():
    torch.manual_seed(0)
    x0 = straight_chain(CFG)
    with torch.no_grad():
        observed = SpringChain(torch.tensor(400.0), torch.tensor(2.0), CFG).rollout(x0, CFG["steps"])
    log_k = nn.Parameter(torch.tensor(5.0))
    log_c = nn.Parameter(torch.tensor(0.0))
    opt = torch.optim.Adam([log_k, log_c], lr=CFG["lr"])
    for it in range(CFG["iters"]):
        sim = SpringChain(log_k.exp(), log_c.exp(), CFG)
        final = sim.rollout(x0, CFG["steps"])
        loss = ((final - observed) ** 2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it}: loss {loss.item():.4e} k={log_k.exp().item():.1f} clipped={sim.clipped_steps}")


if __name__ == "__main__":
    main()
