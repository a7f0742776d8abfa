"""Buffered metric writer that flushes itself when it is garbage collected."""
import weakref

import torch
import torch.nn as nn

FLUSHED_ROWS = []


def _flush_rows(rows, run_name):
    # Module-level function: the finalizer holds only the row buffer and the
    # run name, never the writer itself.
    if rows:
        FLUSHED_ROWS.append((run_name, len(rows), sum(r[1] for r in rows) / len(rows)))
        rows.clear()


class BufferedMetricWriter:
    def __init__(self, run_name, flush_every=8):
        self.run_name = run_name
        self.flush_every = flush_every
        self._rows = []
        self._finalizer = weakref.finalize(self, _flush_rows, self._rows, run_name)

    def log(self, step, value):
        if torch.is_tensor(value):
            value = value.detach().item()
        self._rows.append((step, float(value)))
        if len(self._rows) >= self.flush_every:
            self.flush()

    def flush(self):
        _flush_rows(self._rows, self.run_name)

    def close(self):
        self._finalizer()


def run(run_name, dropout):
    torch.manual_seed(7)
    model = nn.Sequential(nn.Linear(10, 40), nn.ReLU(), nn.Dropout(dropout), nn.Linear(40, 3))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    writer = BufferedMetricWriter(run_name, flush_every=3)
    for step in range(5):
        x, y = torch.randn(16, 10), torch.randint(0, 3, (16,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        writer.log(step, loss)
    # writer is dropped without close(); the finalizer flushes the tail


def main():
    for i, p in enumerate((0.0, 0.2, 0.5)):
        run(f"dropout-{i}", p)
    for name, n, mean in FLUSHED_ROWS:
        print(f"{name}: flushed {n} rows, mean loss {mean:.4f}")


if __name__ == "__main__":
    main()
