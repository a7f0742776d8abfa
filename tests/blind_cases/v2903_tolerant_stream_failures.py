"""Keyword-spotting training on a clip manifest where some entries fail to decode."""
import dataclasses
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset


class CorruptSampleError(RuntimeError):
    pass


@dataclasses.dataclass
class ClipRecord:
    clip_id: str
    num_frames: int
    label: int
    seed: int


class ClipDataset(Dataset):
    def __init__(self, records, feat_dim=16, max_frames=20):
        self.records = records
        self.feat_dim = feat_dim
        self.max_frames = max_frames

    def __len__(self):
        return len(self.records)

    def _decode(self, rec):
        if rec.num_frames <= 0:
            raise CorruptSampleError("%s: empty or truncated payload" % rec.clip_id)
        g = torch.Generator().manual_seed(rec.seed)
        frames = torch.randn(min(rec.num_frames, self.max_frames), self.feat_dim, generator=g)
        return frames + rec.label * 0.5

    def __getitem__(self, idx):
        rec = self.records[idx]
        return self._decode(rec), rec.label


def pad_batch(samples, max_frames):
    feats = torch.zeros(len(samples), max_frames, samples[0][0].shape[-1])
    for i, (frames, _) in enumerate(samples):
        feats[i, :len(frames)] = frames
    return feats, torch.tensor([label for _, label in samples])


class TolerantBatchStream:
    """Batches samples in sampler order, skipping clips that fail to decode."""

    def __init__(self, dataset, batch_size, max_failures=10, seed=0):
        self.dataset = dataset
        self.batch_size = batch_size
        self.max_failures = max_failures
        self.rng = random.Random(seed)
        self.last_report = {}

    def _order(self):
        order = list(range(len(self.dataset)))
        self.rng.shuffle(order)
        return order

    def __iter__(self):
        failures = {}
        pending = []
        for idx in self._order():
            try:
                pending.append(self.dataset[idx])
            except CorruptSampleError as err:
                failures[idx] = err  # cycle
                if len(failures) > self.max_failures:
                    raise RuntimeError("too many undecodable clips") from err
                continue
            if len(pending) == self.batch_size:
                yield pad_batch(pending, self.dataset.max_frames)
                pending = []
        if pending:
            yield pad_batch(pending, self.dataset.max_frames)
        self.last_report = {i: str(e) for i, e in failures.items()}


def build_manifest(n, num_classes, seed):
    rng = random.Random(seed)
    return [ClipRecord("clip%04d" % i, 0 if i % 7 == 3 else rng.randint(8, 20), rng.randrange(num_classes), seed * 1000 + i)
            for i in range(n)]


class KWSNet(nn.Module):
    def __init__(self, feat_dim, num_classes):
        super().__init__()
        self.conv = nn.Conv1d(feat_dim, 24, 3, padding=1)
        self.head = nn.Linear(24, num_classes)

    def forward(self, x):
        return self.head(F.relu(self.conv(x.transpose(1, 2))).amax(-1))


def main():
    manifest = build_manifest(40, num_classes=3, seed=0)
    stream = TolerantBatchStream(ClipDataset(manifest), batch_size=8, seed=0)
    model = KWSNet(16, 3)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(2):
        for feats, labels in stream:
            loss = F.cross_entropy(model(feats), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        assert len(stream.last_report) == 6


if __name__ == "__main__":
    main()
