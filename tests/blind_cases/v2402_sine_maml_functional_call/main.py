"""Meta-train a small regressor on random sine-wave tasks (first-order MAML)."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

from inner_loop import InnerLoopConfig, adapt, query_loss

META_BATCH = 4
META_STEPS = 3
SHOTS = 10


class SineTask:
    def __init__(self, generator):
        self.amplitude = 0.1 + 4.9 * torch.rand(1, generator=generator).item()
        self.phase = math.pi * torch.rand(1, generator=generator).item()
        self.generator = generator

    def sample(self, n):
        x = 10.0 * torch.rand(n, 1, generator=self.generator) - 5.0
        return x, self.amplitude * torch.sin(x + self.phase)


def build_regressor():
    return nn.Sequential(nn.Linear(1, 40), nn.ReLU(), nn.Linear(40, 40), nn.ReLU(), nn.Linear(40, 1))


def meta_train(model, cfg, seed=0):
    gen = torch.Generator().manual_seed(seed)
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    history = []
    for step in range(META_STEPS):
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(META_BATCH):
            task = SineTask(gen)
            sx, sy = task.sample(SHOTS)
            qx, qy = task.sample(SHOTS)
            fast = adapt(model, F.mse_loss, sx, sy, cfg)
            loss = query_loss(model, fast, F.mse_loss, qx, qy) / META_BATCH
            loss.backward()
            total += loss.item()
        meta_opt.step()
        history.append(total)
        print("meta-step {}  query mse {:.3f}".format(step, total))
    return history


def main():
    torch.manual_seed(0)
    for inner_lr in (0.01, 0.05):
        model = build_regressor()
        history = meta_train(model, InnerLoopConfig(inner_lr=inner_lr))
        print("inner_lr={} final={:.3f}".format(inner_lr, history[-1]))


if __name__ == "__main__":
    main()
