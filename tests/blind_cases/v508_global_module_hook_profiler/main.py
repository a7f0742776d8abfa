"""Profile a few training steps of two candidate architectures."""
import torch
import torch.nn as nn

from profiler import ModuleProfiler


def conv_net():
    return nn.Sequential(
        nn.Conv1d(2, 8, 3, padding=1), nn.ReLU(),
        nn.Conv1d(8, 8, 3, padding=1), nn.ReLU(),
        nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(8, 3))


def mlp_net():
    return nn.Sequential(nn.Flatten(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 3))


def profile_steps(model, steps=3):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    profiler = ModuleProfiler(model).start()
    for _ in range(steps):
        x = torch.randn(8, 2, 16)
        y = torch.randint(0, 3, (8,))
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return profiler.summary()


def main():
    report = {}
    for name, factory in (("conv", conv_net), ("mlp", mlp_net)):
        report[name] = profile_steps(factory())
    for name, rows in report.items():
        assert rows and all(calls == 3 for _, _, calls in rows)


if __name__ == "__main__":
    main()
