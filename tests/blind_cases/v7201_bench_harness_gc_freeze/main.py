"""Ablation latency benchmark: MLP width/depth variants against a baseline."""
import torch
import torch.nn as nn

from harness import BenchmarkHarness

VARIANTS = {
    "baseline": {"width": 64, "depth": 2, "act": "relu"},
    "wide": {"width": 128, "depth": 2, "act": "relu"},
    "deep": {"width": 64, "depth": 4, "act": "relu"},
    "gelu": {"width": 64, "depth": 2, "act": "gelu"},
}


def build_mlp(in_dim, out_dim, width, depth, act):
    act_cls = {"relu": nn.ReLU, "gelu": nn.GELU}[act]
    layers, dim = [], in_dim
    for _ in range(depth):
        layers += [nn.Linear(dim, width), act_cls()]
        dim = width
    layers.append(nn.Linear(dim, out_dim))
    return nn.Sequential(*layers)


def main():
    torch.manual_seed(0)
    harness = BenchmarkHarness("mlp-ablation", rounds=5, warmup=2, baseline="baseline")
    harness.settle_heap()
    example = torch.randn(32, 20)
    for label, cfg in VARIANTS.items():
        model = build_mlp(20, 5, **cfg)
        harness.add(label, model, example)
    print(harness.run())


if __name__ == "__main__":
    main()
