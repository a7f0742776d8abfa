"""Length-prefixed record file reader exposed as a map-style dataset."""
import io
import os
import struct

import torch
from torch.utils.data import Dataset

from forksafe import track

_HEADER = struct.Struct("<II")


def write_records(samples):
    out = io.BytesIO()
    for feats, label in samples:
        payload = feats.numpy().tobytes()
        out.write(_HEADER.pack(len(payload), int(label)))
        out.write(payload)
    return out.getvalue()


class RecordDataset(Dataset):
    def __init__(self, blob, n_features):
        self.blob = blob
        self.n_features = n_features
        self._handle = None
        self._pid = os.getpid()
        self._positions = self._scan()
        track(self)

    def _scan(self):
        positions, pos = [], 0
        while pos < len(self.blob):
            size, _ = _HEADER.unpack_from(self.blob, pos)
            positions.append(pos)
            pos += _HEADER.size + size
        return positions

    def reset_handles(self):
        self._handle = None
        self._pid = os.getpid()

    @property
    def handle(self):
        if self._handle is None:
            self._handle = io.BytesIO(self.blob)
        return self._handle

    def __len__(self):
        return len(self._positions)

    def __getitem__(self, idx):
        self.handle.seek(self._positions[idx])
        size, label = _HEADER.unpack(self.handle.read(_HEADER.size))
        feats = torch.frombuffer(bytearray(self.handle.read(size)), dtype=torch.float32)
        return feats.clone(), label
