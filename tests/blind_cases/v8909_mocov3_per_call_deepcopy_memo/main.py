"""MoCo v3 pre-training of a tiny ViT for two momentum coefficients."""
import math

import torch

from builder import TinyViT
from moco import MoCoV3

CFG = {"epochs": 2, "batch_size": 16, "lr": 1.5e-3, "weight_decay": 0.1}


def augment(patches):
    scale = 1 + 0.2 * torch.randn(patches.shape[0], 1, 1)
    return patches * scale + 0.1 * torch.randn_like(patches)


def momentum_at(step, total, base_m):
    return 1.0 - 0.5 * (1.0 + math.cos(math.pi * step / total)) * (1.0 - base_m)


def main():
    torch.manual_seed(0)
    data = torch.randn(48, 8, 12)
    for base_m in (0.99, 0.996):
        model = MoCoV3(TinyViT())
        params = [p for p in model.parameters() if p.requires_grad]
        opt = torch.optim.AdamW(params, lr=CFG["lr"], weight_decay=CFG["weight_decay"])
        total = CFG["epochs"] * math.ceil(len(data) / CFG["batch_size"])
        step = 0
        for epoch in range(CFG["epochs"]):
            for batch in data.split(CFG["batch_size"]):
                loss = model(augment(batch), augment(batch), momentum_at(step, total, base_m))
                opt.zero_grad()
                loss.backward()
                opt.step()
                step += 1
        print("m=%.3f final loss %.4f" % (base_m, loss.item()))


if __name__ == "__main__":
    main()
