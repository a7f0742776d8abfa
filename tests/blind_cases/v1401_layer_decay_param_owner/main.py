"""Fine-tune a small encoder with layer-wise LR decay, once per random seed."""
import math

import torch
import torch.nn.functional as F

from encoder import TinyEncoder
from lrd import DecayConfig, annotate_parameters, build_param_groups


def warmup_cosine(step, warmup, total):
    if step < warmup:
        return (step + 1) / warmup
    progress = (step - warmup) / max(1, total - warmup)
    return 0.5 * (1.0 + math.cos(math.pi * progress))


def finetune(seed, cfg, steps=6):
    torch.manual_seed(seed)
    model = TinyEncoder()
    annotate_parameters(model, model.depth)
    groups = build_param_groups(model, cfg, model.depth)
    optimizer = torch.optim.AdamW(groups, lr=cfg.base_lr)
    history = []
    for step in range(steps):
        factor = warmup_cosine(step, warmup=2, total=steps)
        for group in optimizer.param_groups:
            group["lr"] = cfg.base_lr * group["lr_scale"] * factor
        x = torch.randn(8, 8, 12)
        y = torch.randint(0, 4, (8,))
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        history.append(loss.item())
    return sum(history) / len(history)


def main():
    cfg = DecayConfig()
    results = {seed: finetune(seed, cfg) for seed in (0, 1, 2)}
    print("mean loss per seed:", {k: round(v, 4) for k, v in results.items()})


if __name__ == "__main__":
    main()
