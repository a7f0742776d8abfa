"""Learning-rate sweep with a terminal plot of the loss curves after every epoch."""
from collections import defaultdict

import torch
import torch.nn as nn

MARKERS = "*o+x#@%&"
SWEEP = {"lr=0.3": 0.3, "lr=0.1": 0.1, "lr=0.03": 0.03}


def text_plot(curves, height=8, width=24):
    """Scatter every run's loss curve into a small character grid."""
    marker_of = defaultdict(lambda: MARKERS[len(marker_of) % len(MARKERS)])  # cycle
    values = [v for points in curves.values() for v in points]
    lo, hi = min(values), max(values)
    span = (hi - lo) or 1.0
    grid = [[" "] * width for _ in range(height)]
    longest = max(len(points) for points in curves.values())
    for name, points in curves.items():
        for step, value in enumerate(points):
            col = int(step * (width - 1) / max(1, longest - 1))
            row = int((hi - value) / span * (height - 1))
            grid[row][col] = marker_of[name]
    lines = ["|" + "".join(r) for r in grid]
    lines.append("+" + "-" * width)
    lines.append("  ".join(f"{marker_of[name]} {name}" for name in curves))
    return "\n".join(lines)


def make_model():
    return nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 1))


def main():
    torch.manual_seed(0)
    x = torch.randn(128, 6)
    y = (x[:, :2].sum(1, keepdim=True) > 0).float()
    runs = {}
    for name, lr in SWEEP.items():
        model = make_model()
        runs[name] = (model, torch.optim.SGD(model.parameters(), lr=lr))
    curves = {name: [] for name in SWEEP}
    for epoch in range(4):
        for name, (model, opt) in runs.items():
            for i in range(0, 128, 32):
                loss = nn.functional.binary_cross_entropy_with_logits(model(x[i:i + 32]), y[i:i + 32])
                opt.zero_grad()
                loss.backward()
                opt.step()
            curves[name].append(loss.item())
        print(f"epoch {epoch}")
        print(text_plot(curves))


if __name__ == "__main__":
    main()
