"""Adversarial training with a few L2 PGD steps; the perturbation's gradient is normalised per sample."""
from dataclasses import dataclass, field
from typing import Optional

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class AdversarialBatch:
    images: torch.Tensor
    labels: torch.Tensor
    delta: Optional[torch.Tensor] = None
    step_norms: list = field(default_factory=list)

    @property
    def perturbed(self):
        return (self.images + self.delta).clamp(0.0, 1.0)


def _per_sample_norm(t):
    return t.flatten(1).norm(dim=1).clamp_min(1e-12).view(-1, *([1] * (t.dim() - 1)))


class L2PGD:
    def __init__(self, model, eps=0.5, alpha=0.2, steps=3):
        self.model = model
        self.eps = eps
        self.alpha = alpha
        self.steps = steps

    def _init_delta(self, batch):
        noise = torch.randn_like(batch.images)
        batch.delta = (noise / _per_sample_norm(noise) * self.eps * 0.1).requires_grad_()  # cycle
        batch.delta.register_hook(lambda g: g / _per_sample_norm(g) * batch.images[0].numel() ** 0.5)  # cycle

    def _project(self, delta):
        factor = (self.eps / _per_sample_norm(delta)).clamp(max=1.0)
        return delta * factor

    def perturb(self, batch):
        self._init_delta(batch)
        was_training = self.model.training
        self.model.eval()
        for _ in range(self.steps):
            loss = F.cross_entropy(self.model(batch.perturbed), batch.labels)
            loss.backward()
            with torch.no_grad():
                step = self.alpha * batch.delta.grad / batch.images[0].numel() ** 0.5
                batch.delta.add_(step)
                batch.delta.copy_(self._project(batch.delta))
                batch.step_norms.append(float(_per_sample_norm(step).mean()))
            batch.delta.grad = None
        self.model.train(was_training)
        return batch.perturbed.detach()


def make_model():
    return nn.Sequential(
        nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        nn.Flatten(), nn.Linear(16, 10))


def main():
    torch.manual_seed(0)
    model = make_model()
    attack = L2PGD(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(2):
        for _ in range(3):
            batch = AdversarialBatch(torch.rand(8, 1, 12, 12), torch.randint(0, 10, (8,)))
            x_adv = attack.perturb(batch)
            loss = F.cross_entropy(model(x_adv), batch.labels)
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
