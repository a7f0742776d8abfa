"""Linear-probe-then-finetune runs: the head trains first, the backbone joins after one epoch."""
import functools
import math

import torch
import torch.nn as nn

from wd_schedule import CosineWeightDecay


class Backbone(nn.Module):
    def __init__(self, d_in=24, width=48):
        super().__init__()
        self.proj = nn.Linear(d_in, width)
        self.norm = nn.LayerNorm(width)
        self.mlp = nn.Sequential(nn.Linear(width, width), nn.GELU())

    def forward(self, x):
        h = self.norm(self.proj(x))
        return h + self.mlp(h)


def split_decay(module):
    decay, no_decay = [], []
    for name, p in module.named_parameters():
        (no_decay if p.ndim == 1 or "norm" in name else decay).append(p)
    return decay, no_decay


def cosine_lr(step, total):
    return 0.5 * (1.0 + math.cos(math.pi * min(step, total) / total))


def run(task, cfg):
    torch.manual_seed(task)
    backbone, head = Backbone(), nn.Linear(48, cfg["classes"])
    backbone.requires_grad_(False)
    head_decay, head_no_decay = split_decay(head)
    optimizer = torch.optim.AdamW([
        {"params": head_decay},
        {"params": head_no_decay, "weight_decay": 0.0, "wd_schedule": None},
    ], lr=cfg["lr"])
    total = cfg["epochs"] * cfg["steps"]
    wd = CosineWeightDecay(optimizer, cfg["wd_start"], cfg["wd_end"], total)
    sched = torch.optim.lr_scheduler.LambdaLR(optimizer, functools.partial(cosine_lr, total=total))
    for epoch in range(cfg["epochs"]):
        if epoch == cfg["unfreeze_epoch"]:
            backbone.requires_grad_(True)
            bb_decay, bb_no_decay = split_decay(backbone)
            bb_lr = cfg["lr"] * cfg["backbone_lr_mult"]
            optimizer.add_param_group({"params": bb_decay, "lr": bb_lr, "initial_lr": bb_lr})  # cycle
            optimizer.add_param_group({"params": bb_no_decay, "lr": bb_lr, "initial_lr": bb_lr,
                                       "weight_decay": 0.0, "wd_schedule": None})
            sched.base_lrs += [bb_lr, bb_lr]
            sched.lr_lambdas += sched.lr_lambdas[:2]
        for _ in range(cfg["steps"]):
            x = torch.randn(32, 24)
            y = torch.randint(0, cfg["classes"], (32,))
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(head(backbone(x)), y)
            loss.backward()
            optimizer.step()
            sched.step()
            wd.step()
    return loss.item(), [round(g["weight_decay"], 4) for g in optimizer.param_groups]


def main():
    cfg = {"classes": 5, "lr": 1e-3, "epochs": 2, "steps": 3, "unfreeze_epoch": 1,
           "backbone_lr_mult": 0.1, "wd_start": 0.04, "wd_end": 0.4}
    for task in range(3):
        loss, wds = run(task, cfg)
        print("task %d: loss %.3f, weight decay per group %s" % (task, loss, wds))


if __name__ == "__main__":
    main()
