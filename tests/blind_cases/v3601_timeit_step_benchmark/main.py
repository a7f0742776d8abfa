"""Compare step time of a few MLP variants before picking one for the sweep."""
import torch
import torch.nn as nn

from bench import StepBenchmark

VARIANTS = {
    "relu-64": {"hidden": 64, "act": nn.ReLU, "norm": False},
    "gelu-64": {"hidden": 64, "act": nn.GELU, "norm": False},
    "gelu-128-layernorm": {"hidden": 128, "act": nn.GELU, "norm": True},
}


def build_mlp(in_dim, out_dim, hidden, act, norm):
    layers = [nn.Linear(in_dim, hidden)]
    if norm:
        layers.append(nn.LayerNorm(hidden))
    layers += [act(), nn.Linear(hidden, hidden), act(), nn.Linear(hidden, out_dim)]
    return nn.Sequential(*layers)


def make_batch(batch_size=64, in_dim=32, classes=10):
    g = torch.Generator().manual_seed(1234)
    return torch.randn(batch_size, in_dim, generator=g), torch.randint(0, classes, (batch_size,), generator=g)


def benchmark_variant(name, cfg, batch):
    torch.manual_seed(0)
    model = build_mlp(32, 10, **cfg)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    bench = StepBenchmark(model, optimizer, nn.functional.cross_entropy, batch)
    bench.warm_up()
    timing = bench.measure(name)
    return timing, bench.last_loss


def main():
    batch = make_batch()
    report = []
    for name, cfg in VARIANTS.items():
        timing, loss = benchmark_variant(name, cfg, batch)
        report.append((str(timing), loss))
    for line, loss in report:
        print(f"{line}   last loss {loss:.4f}")


if __name__ == "__main__":
    main()
