"""Post-training int8 preparation: calibrate, fuse conv-bn-relu, re-check the ranges."""
from collections import OrderedDict

import torch
import torch.nn as nn
from torch.ao.quantization import fuse_modules

from rangeprobe import ActivationRangeProbe

CONFIG = {"widths": (8, 16), "trials": 2, "train_steps": 3, "calib_batches": 2, "lr": 0.05}


def conv_block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


def build_model(widths):
    c1, c2 = widths
    return nn.Sequential(OrderedDict(
        stem=conv_block(3, c1),
        body=conv_block(c1, c2),
        pool=nn.AdaptiveAvgPool2d(1),
        flat=nn.Flatten(),
        head=nn.Linear(c2, 5),
    ))


def fusion_groups(model):
    groups = []
    for name, child in model.named_children():
        if isinstance(child, nn.Sequential) and isinstance(child[0], nn.Conv2d):
            groups.append([f"{name}.0", f"{name}.1", f"{name}.2"])
    return groups


def train(model, steps, lr):
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    model.train()
    for _ in range(steps):
        x, y = torch.randn(8, 3, 12, 12), torch.randint(0, 5, (8,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


def range_drift(before, after):
    out = {}
    for name, (lo, hi) in after.items():
        block = name.partition(".")[0]
        ref = before.get(f"{block}.2")
        if ref is not None:
            out[block] = abs(hi - ref[1]) + abs(lo - ref[0])
    return out


def main():
    for trial in range(CONFIG["trials"]):
        model = build_model(CONFIG["widths"])
        train(model, CONFIG["train_steps"], CONFIG["lr"])

        calib = [torch.randn(4, 3, 12, 12) for _ in range(CONFIG["calib_batches"])]
        with ActivationRangeProbe(model) as probe:
            before = probe.calibrate(calib)

        model.eval()
        fuse_modules(model, fusion_groups(model), inplace=True)
        with ActivationRangeProbe(model) as probe:
            after = probe.calibrate(calib)

        drift = range_drift(before, after)
        worst = max(drift.values())
        print(f"trial {trial}: fused {len(drift)} blocks, worst range drift {worst:.2e}")


if __name__ == "__main__":
    main()
