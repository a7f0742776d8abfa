"""Per-epoch model report for a width sweep; expensive summaries are memoised per model."""
import functools
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F


@functools.lru_cache(maxsize=64)
def _param_summary(model_ref):
    model = model_ref()
    if model is None:
        return {}
    per_layer = {name: p.numel() for name, p in model.named_parameters()}
    return {"total": sum(per_layer.values()),
            "trainable": sum(p.numel() for p in model.parameters() if p.requires_grad),
            "largest": max(per_layer, key=per_layer.get)}


@functools.lru_cache(maxsize=64)
def _macs(model_ref, input_shape):
    model = model_ref()
    if model is None:
        return 0
    total = [0]

    def count(module, inputs, output):
        if isinstance(module, nn.Linear):
            total[0] += inputs[0].shape[0] * module.in_features * module.out_features

    handles = [m.register_forward_hook(count) for m in model.modules()]
    try:
        with torch.no_grad():
            model(torch.zeros(input_shape))
    finally:
        for h in handles:
            h.remove()
    return total[0]


def model_report(model, input_shape):
    ref = weakref.ref(model)
    return {**_param_summary(ref), "macs": _macs(ref, tuple(input_shape))}


def make_mlp(width, depth, in_dim=10, classes=3):
    layers, d = [], in_dim
    for _ in range(depth):
        layers += [nn.Linear(d, width), nn.SiLU()]
        d = width
    return nn.Sequential(*layers, nn.Linear(d, classes))


def train(width, depth, epochs=2, steps=3):
    model = make_mlp(width, depth)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for _ in range(steps):
            x = torch.randn(16, 10)
            loss = F.cross_entropy(model(x), torch.randint(0, 3, (16,)))
            opt.zero_grad()
            loss.backward()
            opt.step()
        report = model_report(model, (1, 10))
        print(f"w={width} d={depth} epoch={epoch} loss={loss.item():.3f} {report}")
    return report["total"]


def main():
    sizes = [train(width, depth) for width in (8, 32) for depth in (1, 2)]
    print("param counts:", sizes, _param_summary.cache_info())


if __name__ == "__main__":
    main()
