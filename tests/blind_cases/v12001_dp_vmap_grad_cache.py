"""DP-SGD for a small tabular classifier with functorch per-sample gradients.

Each noise multiplier in the sweep gets its own trainer; the privacy cost is
reported with a simple RDP bound for the subsampled Gaussian mechanism.
"""
import math

import functorch
import torch
import torch.nn as nn
import torch.nn.functional as F

SWEEP = [0.8, 1.1, 1.5]
CONFIG = {
    "lr": 0.2,
    "max_grad_norm": 1.0,
    "batch_size": 32,
    "dataset_size": 512,
    "steps": 6,
    "delta": 1e-5,
    "orders": [1.5, 2, 3, 4, 8, 16, 32],
}


def make_model():
    return nn.Sequential(nn.Linear(12, 32), nn.Tanh(), nn.Linear(32, 3))


def rdp_epsilon(noise_multiplier, sample_rate, steps, delta, orders):
    best = float("inf")
    for alpha in orders:
        rdp = steps * 2.0 * sample_rate ** 2 * alpha / noise_multiplier ** 2
        best = min(best, rdp + math.log(1.0 / delta) / (alpha - 1))
    return best


class DPSGDTrainer:
    def __init__(self, model, noise_multiplier, cfg, seed=0):
        self.cfg = cfg
        self.noise_multiplier = noise_multiplier
        self.fmodel, params = functorch.make_functional(model)
        self.params = [p.detach().clone() for p in params]
        self.rng = torch.Generator().manual_seed(seed)
        self.steps_done = 0
        self._per_sample_grads = functorch.vmap(functorch.grad(self._sample_loss), in_dims=(None, 0, 0))  # cycle

    def _sample_loss(self, params, x, y):
        logits = self.fmodel(params, x.unsqueeze(0))
        return F.cross_entropy(logits, y.unsqueeze(0))

    def _clip_factors(self, grads):
        flat = torch.cat([g.reshape(g.shape[0], -1) for g in grads], dim=1)
        norms = flat.norm(dim=1)
        return (self.cfg["max_grad_norm"] / (norms + 1e-6)).clamp(max=1.0)

    def step(self, x, y):
        grads = self._per_sample_grads(self.params, x, y)
        factors = self._clip_factors(grads)
        std = self.noise_multiplier * self.cfg["max_grad_norm"]
        batch = x.shape[0]
        for p, g in zip(self.params, grads):
            summed = torch.einsum("n,n...->...", factors, g)
            noise = torch.normal(0.0, std, size=p.shape, generator=self.rng)
            p.sub_(self.cfg["lr"] * (summed + noise) / batch)
        self.steps_done += 1

    def accuracy(self, x, y):
        logits = self.fmodel(self.params, x)
        return (logits.argmax(dim=1) == y).float().mean().item()

    def epsilon(self):
        q = self.cfg["batch_size"] / self.cfg["dataset_size"]
        return rdp_epsilon(self.noise_multiplier, q, self.steps_done,
                           self.cfg["delta"], self.cfg["orders"])


def make_data(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 12, generator=g)
    y = (x[:, :3].argmax(dim=1)).long()
    return x, y


def main():
    x_all, y_all = make_data(CONFIG["dataset_size"], seed=7)
    report = {}
    for sigma in SWEEP:
        torch.manual_seed(0)
        trainer = DPSGDTrainer(make_model(), sigma, CONFIG)
        for _ in range(CONFIG["steps"]):
            idx = torch.randint(0, CONFIG["dataset_size"], (CONFIG["batch_size"],))
            trainer.step(x_all[idx], y_all[idx])
        report[sigma] = (trainer.accuracy(x_all, y_all), trainer.epsilon())
    for sigma, (acc, eps) in report.items():
        print(f"sigma={sigma:.1f} acc={acc:.3f} eps={eps:.2f}")


if __name__ == "__main__":
    main()
