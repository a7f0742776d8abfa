"""Streaming dataset over a directory tree of tensor shards, discovered lazily as training proceeds."""
import os
import tempfile

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, IterableDataset


class ShardStream(IterableDataset):
    """Yields (features, target) pairs shard by shard; new shards are found on demand."""

    suffix = ".pt"

    def __init__(self, root, features=12):
        super().__init__()
        self.root = root
        self.features = features
        self.scan_errors = []
        self._found = []
        self._walker = os.walk(root, onerror=self._record_scan_error)  # cycle

    def _record_scan_error(self, err):
        self.scan_errors.append((getattr(err, "filename", None), err.strerror))

    def _discover(self, wanted):
        while len(self._found) < wanted:
            try:
                dirpath, dirnames, filenames = next(self._walker)
            except StopIteration:
                return False
            dirnames.sort()
            self._found.extend(os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(self.suffix))
        return True

    def __iter__(self):
        index = 0
        while self._discover(index + 1):
            shard = torch.load(self._found[index])
            yield from zip(shard["x"], shard["y"])
            index += 1


def write_shards(root, n_parts=3, shards_per_part=4, rows=16, features=12):
    weight = torch.randn(features, 1)
    for part in range(n_parts):
        part_dir = os.path.join(root, f"part-{part:03d}")
        os.makedirs(part_dir)
        for k in range(shards_per_part):
            x = torch.randn(rows, features)
            torch.save({"x": x, "y": x @ weight + 0.1 * torch.randn(rows, 1)}, os.path.join(part_dir, f"shard-{k:05d}.pt"))


def train(root, max_steps, lr):
    stream = ShardStream(root)
    model = nn.Sequential(nn.Linear(stream.features, 32), nn.Tanh(), nn.Linear(32, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    for step, (x, y) in enumerate(DataLoader(stream, batch_size=8)):
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step + 1 >= max_steps:
            break
    return loss.item(), len(stream.scan_errors)


def main():
    with tempfile.TemporaryDirectory() as root:
        write_shards(root)
        for lr in (1e-2, 3e-3):
            final_loss, errors = train(root, max_steps=5, lr=lr)
            assert errors == 0 and final_loss == final_loss


if __name__ == "__main__":
    main()
