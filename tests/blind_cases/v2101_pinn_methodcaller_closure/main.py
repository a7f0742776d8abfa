"""Physics-informed network for u'' = -pi^2 sin(pi x) on [0, 1], several configurations."""
import math

import torch
import torch.nn as nn

from optim_utils import build_optimizers, make_stepper, zero_all


class PINN(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(1, width), nn.Tanh(), nn.Linear(width, width), nn.Tanh())
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        return self.head(self.body(x))


class PINNTrainer:
    def __init__(self, model, spec, n_points=32):
        self.model = model
        self.optimizers = build_optimizers(model, spec)
        self.x = torch.linspace(0.0, 1.0, n_points).unsqueeze(1)
        self.bc = torch.tensor([[0.0], [1.0]])
        self._step = make_stepper(self._closure)  # cycle
        self.history = []

    def residual(self, x):
        x = x.clone().requires_grad_(True)
        u = self.model(x)
        du = torch.autograd.grad(u.sum(), x, create_graph=True)[0]
        d2u = torch.autograd.grad(du.sum(), x, create_graph=True)[0]
        return d2u + math.pi ** 2 * torch.sin(math.pi * x)

    def _closure(self):
        zero_all(self.optimizers)
        loss = self.residual(self.x).pow(2).mean() + self.model(self.bc).pow(2).mean()
        loss.backward()
        return loss

    def fit(self, epochs):
        for _ in range(epochs):
            losses = [self._step(opt) for opt in self.optimizers]
            self.history.append(float(losses[-1]))
        return self.history[-1]


CONFIGS = [
    {"body": {"type": "adam", "lr": 1e-3}, "head": {"type": "adam", "lr": 1e-3}},
    {"body": {"type": "sgd", "lr": 1e-2, "momentum": 0.9}, "head": {"type": "lbfgs", "lr": 0.5, "max_iter": 3}},
]


def main():
    torch.manual_seed(0)
    results = {}
    for i, spec in enumerate(CONFIGS):
        trainer = PINNTrainer(PINN(width=16), spec)
        results[i] = trainer.fit(epochs=3)
    return results


if __name__ == "__main__":
    main()
