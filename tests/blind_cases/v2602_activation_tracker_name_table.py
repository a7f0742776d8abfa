"""Per-layer activation statistics (mean, std, dead-unit fraction) gathered with forward hooks
while a small MLP classifier is trained for a few width settings."""
import collections
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F


class RunningMoments:
    __slots__ = ("count", "mean", "sq_mean", "dead")

    def __init__(self):
        self.count, self.mean, self.sq_mean, self.dead = 0, 0.0, 0.0, 0.0

    def update(self, output):
        with torch.no_grad():
            n = self.count + 1
            self.mean += (output.mean().item() - self.mean) / n
            self.sq_mean += (output.pow(2).mean().item() - self.sq_mean) / n
            self.dead += ((output <= 0).all(dim=0).float().mean().item() - self.dead) / n
            self.count = n

    @property
    def std(self):
        return max(self.sq_mean - self.mean ** 2, 0.0) ** 0.5


def _make_hook(tracker):
    tracker_ref = weakref.ref(tracker)
    layer_names = tracker.layer_names

    def record_output(module, inputs, output):  # cycle
        owner = tracker_ref()
        if owner is not None and owner.enabled:
            owner.moments[layer_names[module]].update(output)

    return record_output


class ActivationTracker:
    """Watches the layers of `model`; hooks reach the tracker only through a weak reference."""

    def __init__(self, model, layer_types=(nn.Linear,)):
        self.enabled = True
        self.layer_names = {}
        self.moments = collections.defaultdict(RunningMoments)
        self.handles = []
        for name, module in model.named_modules():
            if isinstance(module, layer_types):
                self.layer_names[module] = name  # cycle
                self.handles.append(module.register_forward_hook(_make_hook(self)))  # cycle

    def summary(self):
        return {name: (round(m.mean, 4), round(m.std, 4), round(m.dead, 3))
                for name, m in sorted(self.moments.items())}


def build_mlp(width, depth=3, n_in=10, n_out=4):
    layers, dim = [], n_in
    for _ in range(depth):
        layers += [nn.Linear(dim, width), nn.ReLU()]
        dim = width
    layers.append(nn.Linear(dim, n_out))
    return nn.Sequential(*layers)


def train_width(width, steps=4):
    torch.manual_seed(width)
    model = build_mlp(width)
    tracker = ActivationTracker(model)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(steps):
        x, y = torch.randn(32, 10), torch.randint(0, 4, (32,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return tracker.summary()


def main():
    report = {}
    for width in (16, 32, 64):
        report[width] = train_width(width)
    for width, stats in report.items():
        print(width, stats)


if __name__ == "__main__":
    main()
