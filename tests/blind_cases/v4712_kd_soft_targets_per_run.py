"""Knowledge distillation with teacher soft targets memoised per sample for one run."""
from typing import Dict

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


class SoftTargetBank:
    def __init__(self, teacher, temperature):
        self.teacher = teacher.eval().requires_grad_(False)
        self.temperature = temperature
        self._targets: Dict[int, torch.Tensor] = {}

    @torch.no_grad()
    def __call__(self, sample_ids, inputs):
        missing = [j for j, i in enumerate(sample_ids.tolist()) if i not in self._targets]
        if missing:
            probs = F.softmax(self.teacher(inputs[missing]) / self.temperature, dim=-1)
            for row, j in enumerate(missing):
                self._targets[int(sample_ids[j])] = probs[row]
        return torch.stack([self._targets[int(i)] for i in sample_ids])

    def __len__(self):
        return len(self._targets)


class Distiller:
    def __init__(self, teacher, student, temperature=3.0, alpha=0.7, lr=1e-2):
        self.student = student
        self.bank = SoftTargetBank(teacher, temperature)
        self.alpha = alpha
        self.opt = torch.optim.Adam(student.parameters(), lr=lr)

    def loss(self, ids, x, y):
        t = self.bank.temperature
        logits = self.student(x)
        kd = F.kl_div(F.log_softmax(logits / t, dim=-1), self.bank(ids, x), reduction="batchmean") * t * t
        return self.alpha * kd + (1 - self.alpha) * F.cross_entropy(logits, y)

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for ids, x, y in loader:
                loss = self.loss(ids, x, y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            print(f"epoch {epoch}: loss {loss.item():.3f}, bank {len(self.bank)}")


def make_mlp(width, depth, n_in=12, n_out=5):
    layers, d = [], n_in
    for _ in range(depth):
        layers += [nn.Linear(d, width), nn.ReLU()]
        d = width
    return nn.Sequential(*layers, nn.Linear(d, n_out))


def main():
    torch.manual_seed(0)
    n = 48
    data = TensorDataset(torch.arange(n), torch.randn(n, 12), torch.randint(0, 5, (n,)))
    loader = DataLoader(data, batch_size=16, shuffle=True)
    Distiller(make_mlp(64, 3), make_mlp(16, 1)).fit(loader, epochs=2)


if __name__ == "__main__":
    main()
