"""Regression on a packed binary record stream; the training stream resumes across epochs."""
import io
import itertools
import struct

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, IterableDataset

OPTS = {"dim": 6, "train_records": 80, "val_records": 24, "batch": 8, "steps_per_epoch": 4, "epochs": 3}


def pack_records(n, dim, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, dim, generator=g)
    y = x @ torch.linspace(-1, 1, dim) + 0.1 * torch.randn(n, generator=g)
    rows = torch.cat([x, y[:, None]], dim=1)
    return struct.pack("<%df" % rows.numel(), *rows.flatten().tolist())


class PackedRecordStream(IterableDataset):
    """Yields (features, target) pairs decoded from little-endian float32 records."""

    def __init__(self, blob, dim, repeat):
        super().__init__()
        self.dim = dim
        self.repeat = repeat
        self.record_bytes = 4 * (dim + 1)
        self.passes = 0
        self._reader = io.BytesIO(blob)
        self._records = None

    def _read_record(self):
        chunk = self._reader.read(self.record_bytes)
        if len(chunk) < self.record_bytes:
            if not self.repeat:
                return None
            self.passes += 1
            self._reader.seek(0)
            chunk = self._reader.read(self.record_bytes)
        row = torch.frombuffer(bytearray(chunk), dtype=torch.float32)
        return row[: self.dim], row[self.dim]

    def __iter__(self):
        if self._records is None:
            self._records = iter(self._read_record, None)  # cycle
        return self._records


class Regressor(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 16), nn.SiLU(), nn.Linear(16, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def evaluate(model, loader):
    model.eval()
    se, n = 0.0, 0
    with torch.no_grad():
        for x, y in loader:
            se += float(((model(x) - y) ** 2).sum())
            n += len(y)
    return se / max(n, 1)


def main():
    o = OPTS
    train_stream = PackedRecordStream(pack_records(o["train_records"], o["dim"], 0), o["dim"], repeat=True)
    val_stream = PackedRecordStream(pack_records(o["val_records"], o["dim"], 1), o["dim"], repeat=False)
    train_dl = DataLoader(train_stream, batch_size=o["batch"])
    val_dl = DataLoader(val_stream, batch_size=o["batch"])
    model = Regressor(o["dim"])
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(o["epochs"]):
        model.train()
        for x, y in itertools.islice(train_dl, o["steps_per_epoch"]):
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if epoch == o["epochs"] - 1:
            print("val mse", round(evaluate(model, val_dl), 4), "train passes", train_stream.passes)


if __name__ == "__main__":
    main()
