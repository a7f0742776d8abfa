"""Quick comparison of learning-rate schedules (with and without warmup) on a toy task.

The schedule zoo is a dict of multiplier functions for LambdaLR; warmup variants
are generated from the base schedules in a loop so new bases get them for free.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

TOTAL_STEPS = 12
WARMUP_LENGTHS = (2, 4)
BASE_SCHEDULES = {
    "constant": lambda step: 1.0,
    "cosine": lambda step: 0.5 * (1.0 + math.cos(math.pi * min(step, TOTAL_STEPS) / TOTAL_STEPS)),
    "step": lambda step: 0.3 ** (step // 5),
    "inv_sqrt": lambda step: 1.0 / math.sqrt(max(step, 1)),
}
FINAL_LOSS = {}


def build_schedule_zoo(bases=BASE_SCHEDULES, warmups=WARMUP_LENGTHS):
    zoo = dict(bases)
    for base_name in bases:
        for warm in warmups:
            name = "{}+warmup{}".format(base_name, warm)
            zoo[name] = lambda step, b=base_name, w=warm: min(1.0, (step + 1) / w) * zoo[b](step)  # cycle
    return zoo


def spiral_data(n=90, seed=0):
    g = torch.Generator().manual_seed(seed)
    t = torch.rand(n, generator=g) * 3 * math.pi
    labels = torch.randint(0, 2, (n,), generator=g)
    radius = t / (3 * math.pi)
    sign = labels.float() * 2 - 1
    x = torch.stack([radius * torch.cos(t) * sign, radius * torch.sin(t) * sign], dim=1)
    return x + 0.02 * torch.randn(n, 2, generator=g), labels


def train_with_schedule(multiplier, x, y, base_lr=0.1):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(2, 24), nn.Tanh(), nn.Linear(24, 2))
    opt = torch.optim.SGD(model.parameters(), lr=base_lr, momentum=0.9)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, multiplier)
    lrs = []
    for step in range(TOTAL_STEPS):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        lrs.append(opt.param_groups[0]["lr"])
        sched.step()
    return loss.item(), lrs


def compare_schedules(names=None):
    zoo = build_schedule_zoo()
    x, y = spiral_data()
    for name in names or sorted(zoo):
        final, lrs = train_with_schedule(zoo[name], x, y)
        FINAL_LOSS[name] = final
        print("{:<22} final={:.4f}  peak_lr={:.3f}".format(name, final, max(lrs)))


def main():
    compare_schedules(["cosine", "cosine+warmup2", "inv_sqrt+warmup4", "step+warmup2"])


if __name__ == "__main__":
    main()
