"""LoRA+ fine-tuning: B matrices get a larger learning rate; each param group carries its own schedule."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class LoRALinear(nn.Module):
    def __init__(self, in_f, out_f, r=4, alpha=8):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_f, in_f) / math.sqrt(in_f), requires_grad=False)
        self.lora_A = nn.Parameter(torch.randn(r, in_f) / math.sqrt(in_f))
        self.lora_B = nn.Parameter(torch.zeros(out_f, r))
        self.scaling = alpha / r

    def forward(self, x):
        return F.linear(x, self.weight) + (x @ self.lora_A.t() @ self.lora_B.t()) * self.scaling


def _warmup_cosine(group, warmup, total):
    def schedule(step):  # cycle
        peak, floor = group["peak_lr"], group["min_lr"]
        if step < warmup:
            return peak * (step + 1) / warmup
        progress = min(1.0, (step - warmup) / max(1, total - warmup))
        return floor + 0.5 * (peak - floor) * (1 + math.cos(math.pi * progress))
    return schedule


def loraplus_param_groups(model, cfg):
    buckets = {"lora_A": [], "lora_B": []}
    for name, p in model.named_parameters():
        if p.requires_grad:
            buckets[name.rsplit(".", 1)[-1]].append(p)
    groups = []
    for kind, params in buckets.items():
        ratio = cfg["loraplus_ratio"] if kind == "lora_B" else 1.0
        group = {"params": params, "name": kind, "peak_lr": cfg["lr"] * ratio,
                 "min_lr": cfg["lr"] * ratio * 0.1, "weight_decay": 0.0 if kind == "lora_B" else 0.01}
        group["schedule"] = _warmup_cosine(group, cfg["warmup"], cfg["steps"])  # cycle
        groups.append(group)
    return groups


def run(cfg, data):
    torch.manual_seed(cfg["seed"])
    model = nn.Sequential(LoRALinear(16, 32), nn.GELU(), LoRALinear(32, 3))
    opt = torch.optim.AdamW(loraplus_param_groups(model, cfg), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        for group in opt.param_groups:
            group["lr"] = group["schedule"](step)
        x, y = data[step % len(data)]
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item(), {g["name"]: g["lr"] for g in opt.param_groups}


def main():
    data = [(torch.randn(12, 16), torch.randint(0, 3, (12,))) for _ in range(3)]
    for ratio in (4.0, 16.0):
        cfg = {"seed": 0, "lr": 2e-3, "loraplus_ratio": ratio, "warmup": 2, "steps": 6}
        loss, lrs = run(cfg, data)
        print(f"ratio={ratio}: loss={loss:.3f} final lrs={ {k: f'{v:.1e}' for k, v in lrs.items()} }")


if __name__ == "__main__":
    main()
