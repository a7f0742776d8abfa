"""Record decoding with a fixed lookahead of asynchronous pool tasks ahead of the training step."""
import collections
import contextlib
import itertools
import time
from multiprocessing.pool import ThreadPool

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "records": 48, "length": 40, "features": 8, "classes": 3,
    "decode": {"workers": 2, "lookahead": 6, "io_latency": 0.01},
    "train": {"max_steps": 10, "runs": 2, "lr": 0.02},
}


def decode_record(record, cfg):
    time.sleep(cfg["io_latency"])
    g = torch.Generator().manual_seed(record["seed"])
    signal = torch.randn(CONFIG["length"], CONFIG["features"], generator=g).cumsum(0)
    signal = (signal - signal.mean(0)) / (signal.std(0) + 1e-6)
    return signal, torch.tensor(record["label"])


class LookaheadDecoder:
    def __init__(self, records, cfg):
        self.records = records
        self.cfg = cfg
        self.depth = cfg["lookahead"]
        self._pool = ThreadPool(cfg["workers"])
        self._pending = collections.deque()

    def __iter__(self):
        source = iter(self.records)
        for record in itertools.islice(source, self.depth):
            self._pending.append(self._pool.apply_async(decode_record, (record, self.cfg)))  # cycle
        while self._pending:
            signal, label = self._pending.popleft().get()
            record = next(source, None)
            if record is not None:
                self._pending.append(self._pool.apply_async(decode_record, (record, self.cfg)))  # cycle
            yield signal, label

    def close(self):
        self._pool.terminate()
        self._pool.join()


class ConvClassifier(nn.Module):
    def __init__(self, features, classes):
        super().__init__()
        self.conv = nn.Conv1d(features, 16, kernel_size=5, padding=2)
        self.head = nn.Linear(16, classes)

    def forward(self, x):
        h = F.relu(self.conv(x.transpose(1, 2)))
        return self.head(h.mean(-1))


def train_run(run, records):
    torch.manual_seed(run)
    model = ConvClassifier(CONFIG["features"], CONFIG["classes"])
    opt = torch.optim.Adam(model.parameters(), lr=CONFIG["train"]["lr"])
    with contextlib.closing(LookaheadDecoder(records, CONFIG["decode"])) as stream:
        for step, (signal, label) in enumerate(stream):
            loss = F.cross_entropy(model(signal.unsqueeze(0)), label.unsqueeze(0))
            opt.zero_grad()
            loss.backward()
            opt.step()
            if step + 1 == CONFIG["train"]["max_steps"]:
                break
    print(f"run {run}: {step + 1} steps, last loss {loss.item():.4f}")


def main():
    records = [{"seed": i, "label": i % CONFIG["classes"]} for i in range(CONFIG["records"])]
    for run in range(CONFIG["train"]["runs"]):
        train_run(run, records)


if __name__ == "__main__":
    main()
