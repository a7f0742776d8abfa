"""Buffered scalar/histogram writer used by a small learning-rate sweep.

Pending records are written out in batches; whatever is still pending is
flushed when the writer itself goes away.
"""
import json
import time
import weakref

import torch
import torch.nn as nn

EVENT_SINK = []


class ScalarWriter:
    flush_every = 16

    def __init__(self, run_name, model=None):
        self.run_name = run_name
        self.model = model
        self._pending = []
        self._opened_at = time.time()
        self._release_ref = weakref.ref(self, self._flush_on_release)  # cycle

    def _flush_on_release(self, _ref):
        self.flush()

    def add_scalar(self, tag, value, step):
        self._pending.append({"tag": tag, "value": float(value), "step": int(step)})
        if len(self._pending) >= self.flush_every:
            self.flush()

    def add_histogram(self, tag, values, step):
        values = values.detach().flatten()
        summary = {
            "min": values.min().item(),
            "max": values.max().item(),
            "mean": values.mean().item(),
            "std": values.std().item(),
        }
        self._pending.append({"tag": tag, "hist": summary, "step": int(step)})

    def log_weights(self, step):
        if self.model is None:
            return
        for name, param in self.model.named_parameters():
            self.add_histogram("weights/" + name, param, step)

    def flush(self):
        if not self._pending:
            return
        header = {"run": self.run_name, "t": round(time.time() - self._opened_at, 3)}
        EVENT_SINK.append(json.dumps({"header": header, "records": self._pending}))
        self._pending = []


def make_regressor(width):
    return nn.Sequential(nn.Linear(6, width), nn.Tanh(), nn.Linear(width, 1))


def train_one(lr, steps=12):
    model = make_regressor(24)
    writer = ScalarWriter("lr_%g" % lr, model)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    x = torch.randn(64, 6)
    y = x[:, :2].sum(dim=1, keepdim=True)
    for step in range(steps):
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        writer.add_scalar("train/loss", loss.item(), step)
        if step % 4 == 0:
            writer.log_weights(step)
    return loss.item()


def main():
    results = {}
    for lr in (1e-3, 3e-3, 1e-2):
        results[lr] = train_one(lr)
    best = min(results, key=results.get)
    return best


if __name__ == "__main__":
    main()
