"""Dark Experience Replay (DER): the buffer keeps past logits next to the inputs and the
student is regularised towards them. Buffer slots come from a skip-based reservoir."""
import math
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"in_dim": 12, "classes": 6, "tasks": 3, "steps": 5, "batch": 16,
       "buffer": 48, "alpha": 0.3, "lr": 0.05}


def reservoir_slots(capacity, rng):
    """Algorithm L: yields the slot each incoming sample overwrites, or None."""
    for i in range(capacity):
        yield i
    w = math.exp(math.log(1.0 - rng.random()) / capacity)
    while True:
        for _ in range(math.floor(math.log(1.0 - rng.random()) / math.log(1.0 - w))):
            yield None
        yield rng.randrange(capacity)
        w *= math.exp(math.log(1.0 - rng.random()) / capacity)


class LogitBuffer:
    def __init__(self, capacity, in_dim, n_classes, seed=0):
        self.x = torch.zeros(capacity, in_dim)
        self.logits = torch.zeros(capacity, n_classes)
        self.filled = 0
        self.rng = random.Random(seed)
        self._slots = reservoir_slots(capacity, random.Random(seed + 1))

    def add(self, x, logits):
        logits = logits.detach()
        for xi, li in zip(x, logits):
            slot = next(self._slots)
            if slot is not None:
                self.x[slot] = xi
                self.logits[slot] = li
                self.filled = min(self.filled + 1, len(self.x))

    def sample(self, n):
        idx = torch.tensor(self.rng.sample(range(self.filled), min(n, self.filled)))
        return self.x[idx], self.logits[idx]


def make_tasks(gen, cfg):
    for t in range(cfg["tasks"]):
        w = torch.randn(cfg["in_dim"], cfg["classes"], generator=gen)
        offset = torch.randn(cfg["in_dim"], generator=gen) * t
        batches = []
        for _ in range(cfg["steps"]):
            x = torch.randn(cfg["batch"], cfg["in_dim"], generator=gen) + offset
            batches.append((x, (x @ w).argmax(1)))
        yield t, batches


def main():
    gen = torch.Generator().manual_seed(0)
    model = nn.Sequential(nn.Linear(CFG["in_dim"], 32), nn.ReLU(), nn.Linear(32, CFG["classes"]))
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"])
    buffer = LogitBuffer(CFG["buffer"], CFG["in_dim"], CFG["classes"])
    for t, batches in make_tasks(gen, CFG):
        for x, y in batches:
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            if buffer.filled:
                bx, blogits = buffer.sample(CFG["batch"])
                loss = loss + CFG["alpha"] * F.mse_loss(model(bx), blogits)
            opt.zero_grad()
            loss.backward()
            opt.step()
            buffer.add(x, logits)
        print(f"task {t}: loss {loss.item():.3f}, buffer filled {buffer.filled}")


if __name__ == "__main__":
    main()
