"""Evaluation runner that retries flaky metric backends and keeps a failure report."""
import functools
import traceback

import torch
import torch.nn as nn


class BackendBusy(RuntimeError):
    pass


def retry(times=3, exceptions=(RuntimeError,), on_failure=None):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for attempt in range(1, times + 1):
                try:
                    return fn(*args, **kwargs)
                except exceptions as e:
                    if on_failure is not None:
                        on_failure(fn.__name__, attempt, traceback.TracebackException.from_exception(e))
                    if attempt == times:
                        raise
        return wrapper
    return decorate


FAILURES = []


def remember(name, attempt, summary):
    FAILURES.append({
        "call": name,
        "attempt": attempt,
        "error": "".join(summary.format_exception_only()).strip(),
        "where": [(f.filename, f.lineno, f.name) for f in summary.stack],
    })


class MetricBackend:
    def __init__(self, busy_every=4):
        self.calls = 0
        self.busy_every = busy_every

    @retry(times=3, exceptions=(BackendBusy,), on_failure=remember)
    def submit(self, preds, targets):
        self.calls += 1
        if self.calls % self.busy_every == 0:
            raise BackendBusy(f"backend busy (call {self.calls})")
        return float((preds == targets).float().mean())


def evaluate(model, backend, batches):
    model.eval()
    scores = []
    with torch.no_grad():
        for x, y in batches:
            preds = model(x).argmax(dim=1)
            scores.append(backend.submit(preds, y))
    model.train()
    return sum(scores) / len(scores)


def main():
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    backend = MetricBackend()
    val = [(torch.randn(12, 6), torch.randint(0, 3, (12,))) for _ in range(5)]
    for epoch in range(2):
        for _ in range(3):
            x, y = torch.randn(12, 6), torch.randint(0, 3, (12,))
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: acc {evaluate(model, backend, val):.3f}, failures {len(FAILURES)}")


if __name__ == "__main__":
    main()
