"""Small tabular classifier trained with gradient accumulation for several learning rates."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from optim_setup import param_groups
from schedulers import GroupWarmupCosine


class TabularNet(nn.Module):
    def __init__(self, d_in=16, hidden=32, n_cls=3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, hidden), nn.LayerNorm(hidden), nn.GELU())
        self.head = nn.Linear(hidden, n_cls)

    def forward(self, x):
        return self.head(self.body(x))


def train(lr, updates=5, accum_steps=2, micro_batch=8):
    model = TabularNet()
    opt = torch.optim.AdamW(param_groups(model), lr=lr)  # cycle
    sched = GroupWarmupCosine(opt, total_steps=updates)
    for update in range(updates):
        opt.zero_grad()
        for _ in range(accum_steps):
            x, y = torch.randn(micro_batch, 16), torch.randint(0, 3, (micro_batch,))
            loss = F.cross_entropy(model(x), y) / accum_steps
            loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
    return [g["lr"] for g in opt.param_groups]


def main():
    for lr in (1e-3, 3e-3, 1e-2):
        final_lrs = train(lr)
        assert len(final_lrs) == 3


if __name__ == "__main__":
    main()
