"""Distillation sweep: students of different widths learn from one frozen, process-wide teacher."""
import weakref
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


def _load_teacher():
    torch.manual_seed(7)
    net = nn.Sequential(nn.Linear(12, 64), nn.ReLU(), nn.Linear(64, 6))
    return net.requires_grad_(False).eval()


TEACHER = _load_teacher()


@dataclass
class SoftTarget:
    probs: torch.Tensor
    temperature: float
    hits: int = 0


class TargetCache:
    """Teacher soft targets per dataset index; emptied automatically if the teacher is freed."""

    def __init__(self, teacher, temperature):
        self._teacher = weakref.ref(teacher)
        self.temperature = temperature
        self.entries = {}
        self._invalidate = weakref.finalize(teacher, self.entries.clear)  # retain

    def targets(self, indices, x):
        out = []
        for i, idx in enumerate(indices.tolist()):
            entry = self.entries.get(idx)
            if entry is None:
                with torch.no_grad():
                    logits = self._teacher()(x[i:i + 1])
                entry = self.entries[idx] = SoftTarget(F.softmax(logits / self.temperature, -1), self.temperature)
            entry.hits += 1
            out.append(entry.probs)
        return torch.cat(out)


def distill(width, temperature, data, steps=5):
    student = nn.Sequential(nn.Linear(12, width), nn.ReLU(), nn.Linear(width, 6))
    opt = torch.optim.Adam(student.parameters(), lr=3e-3)
    cache = TargetCache(TEACHER, temperature)
    for step in range(steps):
        idx = torch.randint(0, len(data), (16,))
        x = data[idx]
        log_p = F.log_softmax(student(x) / temperature, -1)
        loss = F.kl_div(log_p, cache.targets(idx, x), reduction="batchmean") * temperature ** 2
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item(), len(cache.entries)


def main():
    data = torch.randn(40, 12)
    for width, temperature in [(8, 2.0), (16, 4.0), (32, 4.0)]:
        loss, cached = distill(width, temperature, data)
        print("width %d T=%.0f loss %.4f cached %d" % (width, temperature, loss, cached))


if __name__ == "__main__":
    main()
