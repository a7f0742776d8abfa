"""Image-classifier fine-tuning with an optional per-step timing probe."""
import statistics
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"epochs": 8, "steps_per_epoch": 3, "lr": 0.02, "patience": 1,
       "min_delta": 0.01, "profile_steps": True}


class StepProfiler:
    """Wraps a trainer method in place and records wall time per call."""

    def __init__(self, method_name="train_step", warmup=1):
        self.method_name = method_name
        self.warmup = warmup
        self.calls = 0
        self.durations = []
        self._inner = None
        self._target = None

    def install(self, target):
        self._target = target  # cycle
        self._inner = getattr(target, self.method_name)  # cycle
        setattr(target, self.method_name, self._timed)  # cycle

    def remove(self):
        delattr(self._target, self.method_name)
        self._target = self._inner = None

    def _timed(self, *args, **kwargs):
        start = time.perf_counter()
        out = self._inner(*args, **kwargs)
        self.calls += 1
        if self.calls > self.warmup:
            self.durations.append(time.perf_counter() - start)
        return out

    def summary(self):
        if not self.durations:
            return "no timed steps"
        return f"{len(self.durations)} steps, median {1e3 * statistics.median(self.durations):.2f} ms"


class SmallConvNet(nn.Module):
    def __init__(self, classes=5):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Linear(16, classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


class FineTuner:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = SmallConvNet()
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.val_set = (torch.randn(16, 3, 16, 16), torch.randint(0, 5, (16,)))

    def train_step(self, images, labels):
        self.model.train()
        loss = F.cross_entropy(self.model(images), labels)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def validate(self):
        self.model.eval()
        with torch.no_grad():
            images, labels = self.val_set
            return F.cross_entropy(self.model(images), labels).item()

    def fit(self):
        profiler = StepProfiler() if self.cfg["profile_steps"] else None
        if profiler is not None:
            profiler.install(self)
        best, stale = float("inf"), 0
        try:
            for epoch in range(self.cfg["epochs"]):
                for _ in range(self.cfg["steps_per_epoch"]):
                    self.train_step(torch.randn(8, 3, 16, 16), torch.randint(0, 5, (8,)))
                val = self.validate()
                if val < best - self.cfg["min_delta"]:
                    best, stale = val, 0
                    continue
                stale += 1
                if stale > self.cfg["patience"]:
                    print(f"early stop at epoch {epoch}")
                    return best
        except KeyboardInterrupt:
            print("interrupted, keeping current weights")
        else:
            if profiler is not None:
                profiler.remove()
                print(profiler.summary())
        return best


def main():
    for seed in range(3):
        torch.manual_seed(seed)
        best = FineTuner(CFG).fit()
        print(f"seed {seed}: best val loss {best:.4f}")


if __name__ == "__main__":
    main()
