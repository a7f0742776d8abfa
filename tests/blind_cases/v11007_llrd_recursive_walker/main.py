"""Fine-tunes a tiny pre-norm transformer encoder on two synthetic tasks with LLRD."""
import functools

import torch
import torch.nn as nn

from param_groups import llrd_param_groups


class Block(nn.Module):
    def __init__(self, dim, heads=2):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.norm2(x))


class Encoder(nn.Module):
    def __init__(self, d_in=6, dim=16, depth=3, seq=8, classes=4):
        super().__init__()
        self.embed = nn.Linear(d_in, dim)
        self.pos_embed = nn.Parameter(torch.zeros(1, seq + 1, dim))
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.layers = nn.ModuleList(Block(dim) for _ in range(depth))
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        x = self.embed(x)
        x = torch.cat([self.cls_token.expand(len(x), -1, -1), x], dim=1) + self.pos_embed
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x[:, 0]))


def warmup_linear(step, warmup, total):
    if step < warmup:
        return (step + 1) / warmup
    return max(0.0, (total - step) / max(1, total - warmup))


def finetune(task, cfg):
    torch.manual_seed(task)
    model = Encoder()
    groups = llrd_param_groups(model, cfg["lr"], cfg["layer_decay"], cfg["weight_decay"])
    optimizer = torch.optim.AdamW(groups, betas=(0.9, 0.98))
    total = cfg["steps"]
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, functools.partial(warmup_linear, warmup=cfg["warmup"], total=total))
    for step in range(total):
        x = torch.randn(16, 8, 6)
        y = (x.mean(dim=(1, 2)) > 0).long() + 2 * (task % 2)
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"])
        optimizer.step()
        scheduler.step()
    peak_lrs = {g["layer_id"]: g["initial_lr"] for g in optimizer.param_groups}
    return loss.item(), len(groups), peak_lrs


def main():
    cfg = {"lr": 5e-4, "layer_decay": 0.75, "weight_decay": 0.05, "steps": 5, "warmup": 2, "clip": 1.0}
    for task in range(2):
        loss, n_groups, lrs = finetune(task, cfg)
        print("task %d: loss %.3f, %d groups, peak lr head %.2e, embed %.2e"
              % (task, loss, n_groups, lrs[max(lrs)], lrs[0]))


if __name__ == "__main__":
    main()
