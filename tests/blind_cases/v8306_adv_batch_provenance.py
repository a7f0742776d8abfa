"""Madry-style adversarial training; adversarial batches carry their provenance for a gallery view."""
import collections
import dataclasses

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclasses.dataclass
class AttackRecord:
    attack: "PGDAttack"
    eps: float
    steps: int
    success_rate: float


class PGDAttack:
    def __init__(self, model, eps=0.25, alpha=0.08, steps=3, gallery_size=4):
        self.model = model
        self.eps = eps
        self.alpha = alpha
        self.steps = steps
        self.gallery = collections.deque(maxlen=gallery_size)  # cycle
        self.calls = 0

    def perturb(self, x, y):
        was_training = self.model.training
        self.model.eval()
        delta = torch.empty_like(x).uniform_(-self.eps, self.eps).requires_grad_(True)
        for _ in range(self.steps):
            loss = F.cross_entropy(self.model(x + delta), y)
            grad, = torch.autograd.grad(loss, delta)
            delta = (delta + self.alpha * grad.sign()).clamp(-self.eps, self.eps)
            delta = delta.detach().requires_grad_(True)
        x_adv = (x + delta).detach()
        with torch.no_grad():
            fooled = (self.model(x_adv).argmax(1) != y).float().mean().item()
        self.model.train(was_training)
        self.calls += 1
        x_adv.provenance = AttackRecord(self, self.eps, self.steps, fooled)  # cycle
        if self.calls % 2 == 0:
            self.gallery.append(x_adv)  # cycle
        return x_adv


def gallery_summary(attack):
    rows = []
    for batch in attack.gallery:
        rec = batch.provenance
        rows.append(f"eps={rec.eps:.2f} steps={rec.steps} fooled={rec.success_rate:.2f}")
    return rows


def make_data(n=128, dim=10, classes=3, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, dim, generator=g)
    y = (x[:, :classes] + 0.1 * torch.randn(n, classes, generator=g)).argmax(1)
    return x, y


def adversarial_training(eps, epochs=2, batch_size=32):
    x, y = make_data()
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 3))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    attack = PGDAttack(model, eps=eps)
    for _ in range(epochs):
        perm = torch.randperm(x.size(0))
        for i in range(0, x.size(0), batch_size):
            idx = perm[i:i + batch_size]
            x_adv = attack.perturb(x[idx], y[idx])
            loss = F.cross_entropy(model(x_adv), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
    return gallery_summary(attack)


def main():
    torch.manual_seed(0)
    for eps in (0.1, 0.25):
        for row in adversarial_training(eps):
            print(row)


if __name__ == "__main__":
    main()
