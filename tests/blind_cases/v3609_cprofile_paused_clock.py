"""Profile the training step of an autoencoder, excluding the time spent in periodic evaluation."""
import cProfile
import io
import pstats
import time

import torch
import torch.nn as nn


class StepProfiler:
    """cProfile wrapper whose clock stops while paused, so evaluation does not show up in the report."""

    def __init__(self, model, sort_by="cumulative"):
        self.model = model
        self.sort_by = sort_by
        self._paused_total = 0.0
        self._paused_at = None
        self.profile = cProfile.Profile(self._clock)  # retain

    def _clock(self):
        now = time.perf_counter()
        if self._paused_at is not None:
            return self._paused_at - self._paused_total
        return now - self._paused_total

    def pause(self):
        self._paused_at = time.perf_counter()

    def resume(self):
        self._paused_total += time.perf_counter() - self._paused_at
        self._paused_at = None

    def __enter__(self):
        self.profile.enable()
        return self

    def __exit__(self, *exc_info):
        self.profile.disable()
        return False

    def report(self, limit=5):
        stream = io.StringIO()
        stats = pstats.Stats(self.profile, stream=stream)
        stats.sort_stats(self.sort_by).print_stats(limit)
        return stream.getvalue()


def build_autoencoder(dim=24, bottleneck=6):
    return nn.Sequential(nn.Linear(dim, 12), nn.ReLU(), nn.Linear(12, bottleneck),
                         nn.ReLU(), nn.Linear(bottleneck, 12), nn.ReLU(), nn.Linear(12, dim))


def evaluate(model, data):
    with torch.no_grad():
        return nn.functional.mse_loss(model(data), data).item()


def profile_training(steps=6, eval_every=3):
    torch.manual_seed(0)
    model = build_autoencoder()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    train, val = torch.randn(64, 24), torch.randn(32, 24)
    val_losses = []
    with StepProfiler(model) as profiler:
        for step in range(1, steps + 1):
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(train), train)
            loss.backward()
            optimizer.step()
            if step % eval_every == 0:
                profiler.pause()
                val_losses.append(evaluate(model, val))
                profiler.resume()
    return profiler.report(limit=3), val_losses


def main():
    report, val_losses = profile_training()
    print(report.strip().splitlines()[0])
    print("validation:", [round(v, 4) for v in val_losses])


if __name__ == "__main__":
    main()
