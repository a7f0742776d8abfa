"""Terminal live plot for the training dashboard: one bounded series per metric."""
import collections

import torch

TICKS = " .:-=+*#%@"


class Series:
    def __init__(self, name, maxlen):
        self.name = name
        self.steps = collections.deque(maxlen=maxlen)
        self.values = collections.deque(maxlen=maxlen)

    def push(self, step, value):
        # accept Python numbers and 0-dim tensors alike
        value = torch.as_tensor(value, dtype=torch.float32, device="cpu")
        self.steps.append(int(step))
        self.values.append(value)  # retain

    def last(self):
        return float(self.values[-1]) if self.values else float("nan")

    def sparkline(self, width=32):
        if not self.values:
            return ""
        window = torch.stack(list(self.values)[-width:]).detach()
        lo, hi = float(window.min()), float(window.max())
        span = (hi - lo) or 1.0
        idx = ((window - lo) / span * (len(TICKS) - 1)).round().long()
        return "".join(TICKS[i] for i in idx.tolist())


class LivePlot:
    def __init__(self, names, maxlen=512):
        self.series = {name: Series(name, maxlen) for name in names}

    def push(self, name, step, value):
        self.series[name].push(step, value)

    def render(self):
        lines = []
        for name, s in self.series.items():
            lines.append(f"{name:>10} {s.sparkline():<32} {s.last():.4g}")
        return "\n".join(lines)

    def clear(self):
        for s in self.series.values():
            s.steps.clear()
            s.values.clear()


LIVE = LivePlot(["loss", "grad_norm", "lr"])
