"""DP-SGD with Poisson-subsampled lots, stopped when a target epsilon is reached."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"dataset_size": 128, "expected_lot": 16, "noise_multiplier": 1.0,
       "max_grad_norm": 1.0, "lr": 0.1, "delta": 1e-5, "max_steps": 40, "seed": 11}
TARGETS = [3.5, 4.0]


class RDPAccountant:
    orders = (1.25, 1.5, 2, 3, 4, 6, 8, 12, 16, 32)

    def __init__(self):
        self.history = []

    def step(self, noise_multiplier, sample_rate):
        self.history.append((noise_multiplier, sample_rate))

    def epsilon(self, delta):
        if not self.history:
            return 0.0
        best = float("inf")
        for alpha in self.orders:
            rdp = sum(2.0 * q * q * alpha / (s * s) for s, q in self.history)
            best = min(best, rdp + math.log(1.0 / delta) / (alpha - 1))
        return best


class PoissonDPTrainer:
    def __init__(self, model, x, y, cfg):
        self.model = model
        self.x, self.y = x, y
        self.cfg = cfg
        self.opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
        self.sample_rate = cfg["expected_lot"] / len(x)
        self.rng = torch.Generator().manual_seed(cfg["seed"])
        self.accountant = RDPAccountant()
        self.steps = 0
        self._lot_stream = self._poisson_lots()  # cycle

    def _poisson_lots(self):
        n = len(self.x)
        for _ in range(round(1.0 / self.sample_rate)):
            chosen = (torch.rand(n, generator=self.rng) < self.sample_rate).nonzero().flatten()
            yield self.x[chosen], self.y[chosen]

    def next_lot(self):
        try:
            return next(self._lot_stream)
        except StopIteration:
            self._lot_stream = self._poisson_lots()  # cycle
            return next(self._lot_stream)

    def dp_step(self, x, y):
        params = [p for p in self.model.parameters() if p.requires_grad]
        summed = [torch.zeros_like(p) for p in params]
        for i in range(len(x)):
            loss = F.cross_entropy(self.model(x[i:i + 1]), y[i:i + 1])
            grads = torch.autograd.grad(loss, params)
            norm = torch.sqrt(sum(g.pow(2).sum() for g in grads)).item()
            factor = min(1.0, self.cfg["max_grad_norm"] / (norm + 1e-6))
            for acc, g in zip(summed, grads):
                acc.add_(g, alpha=factor)
        std = self.cfg["noise_multiplier"] * self.cfg["max_grad_norm"]
        for p, acc in zip(params, summed):
            noise = torch.normal(0.0, std, size=p.shape, generator=self.rng)
            p.grad = (acc + noise) / self.cfg["expected_lot"]
        self.opt.step()
        self.accountant.step(self.cfg["noise_multiplier"], self.sample_rate)
        self.steps += 1

    def fit(self, target_epsilon):
        while self.steps < self.cfg["max_steps"]:
            if self.accountant.epsilon(self.cfg["delta"]) >= target_epsilon:
                break
            x, y = self.next_lot()
            if len(x):
                self.dp_step(x, y)
        return self.steps, self.accountant.epsilon(self.cfg["delta"])


def main():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(CFG["dataset_size"], 6, generator=g)
    y = (x.sum(dim=1) > 0).long()
    for target in TARGETS:
        torch.manual_seed(0)
        model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 2))
        trainer = PoissonDPTrainer(model, x, y, CFG)
        steps, eps = trainer.fit(target)
        print(f"target eps {target}: stopped after {steps} steps (eps={eps:.2f})")


if __name__ == "__main__":
    main()
