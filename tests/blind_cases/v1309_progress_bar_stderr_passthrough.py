"""Epoch progress bar that keeps its line at the bottom of the terminal while
other code writes warnings to stderr; training stops early on a validation plateau."""
import sys
import time

import torch
import torch.nn as nn


class _BarAwareStream:
    def __init__(self, stream, bar):
        self._stream = stream
        self._bar = bar

    def write(self, text):
        self._bar.clear()
        written = self._stream.write(text)
        self._bar.refresh()
        return written

    def flush(self):
        self._stream.flush()

    def __getattr__(self, name):
        return getattr(self._stream, name)


class ProgressBar:
    def __init__(self, total, desc="", width=24):
        self.total = total
        self.desc = desc
        self.width = width
        self.n = 0
        self.postfix = {}
        self._started = time.perf_counter()
        self._out = sys.stderr
        self._saved_stderr = sys.stderr
        sys.stderr = _BarAwareStream(self._saved_stderr, self)  # retain

    def _render(self):
        filled = int(self.width * self.n / max(1, self.total))
        rate = self.n / max(1e-9, time.perf_counter() - self._started)
        extra = " ".join("%s=%s" % kv for kv in self.postfix.items())
        return "%s |%s%s| %d/%d %.1fit/s %s" % (
            self.desc, "#" * filled, "." * (self.width - filled), self.n, self.total, rate, extra)

    def clear(self):
        self._out.write("\r" + " " * (self.width + 40) + "\r")

    def refresh(self):
        self._out.write("\r" + self._render())

    def update(self, n=1):
        self.n += n
        self.refresh()

    def set_postfix(self, **values):
        self.postfix = {k: ("%.4f" % v if isinstance(v, float) else v) for k, v in values.items()}

    def close(self):
        sys.stderr = self._saved_stderr
        self._out.write("\r" + self._render() + "\n")


class PlateauStopper:
    def __init__(self, patience=1, min_rel_delta=0.01):
        self.patience = patience
        self.min_rel_delta = min_rel_delta
        self.best = float("inf")
        self.bad_epochs = 0

    def step(self, value):
        if value < self.best * (1.0 - self.min_rel_delta):
            self.best, self.bad_epochs = value, 0
        else:
            self.bad_epochs += 1
        return self.bad_epochs > self.patience


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=1e-4)
    stopper = PlateauStopper(patience=1)
    x_val = torch.randn(64, 4)
    y_val = x_val.sum(dim=1, keepdim=True)
    for epoch in range(5):
        bar = ProgressBar(total=6, desc="epoch %d" % epoch)
        for _ in range(6):
            x = torch.randn(16, 4)
            loss = nn.functional.mse_loss(model(x), x.sum(dim=1, keepdim=True))
            opt.zero_grad()
            loss.backward()
            opt.step()
            bar.set_postfix(loss=loss.item())
            bar.update()
        with torch.no_grad():
            val = nn.functional.mse_loss(model(x_val), y_val).item()
        if stopper.step(val):
            print("early stop at epoch %d (val %.4f)" % (epoch, val), file=sys.stderr)
            break
        bar.close()
    return stopper.best


if __name__ == "__main__":
    main()
