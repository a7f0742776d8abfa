"""Synthetic spectrogram dataset with a per-dataset cache of decoded clips."""
import functools
import math

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class ClipDataset(Dataset):
    def __init__(self, num_clips, n_mels=16, frames=20, cache_size=None):
        self.num_clips = num_clips
        self.n_mels = n_mels
        self.frames = frames
        self.window = torch.hann_window(frames)
        self._decode = functools.lru_cache(maxsize=cache_size)(self._decode_clip)  # cycle

    def _decode_clip(self, idx):
        g = torch.Generator().manual_seed(1000 + idx)
        base = torch.randn(self.n_mels, self.frames, generator=g)
        freq = 1.0 + (idx % 5)
        t = torch.arange(self.frames, dtype=torch.float32)
        tone = torch.sin(2 * math.pi * freq * t / self.frames)
        return (base + tone) * self.window

    def __len__(self):
        return self.num_clips

    def __getitem__(self, idx):
        spec = self._decode(idx)
        label = idx % 5
        return spec.log1p().nan_to_num(0.0), label

    def cache_stats(self):
        info = self._decode.cache_info()
        return {"hits": info.hits, "misses": info.misses, "size": info.currsize}


class TinyTagger(nn.Module):
    def __init__(self, n_mels, n_classes):
        super().__init__()
        self.conv = nn.Conv1d(n_mels, 24, kernel_size=3, padding=1)
        self.head = nn.Linear(24, n_classes)

    def forward(self, x):
        h = torch.relu(self.conv(x))
        return self.head(h.mean(dim=-1))


def run_fold(fold, epochs=2):
    ds = ClipDataset(num_clips=40)
    loader = DataLoader(ds, batch_size=8, shuffle=True)
    model = TinyTagger(ds.n_mels, 5)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    for _ in range(epochs):
        for spec, label in loader:
            loss = nn.functional.cross_entropy(model(spec), label)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return ds.cache_stats()


def main():
    for fold in range(2):
        stats = run_fold(fold)
        print(f"fold {fold}: {stats}")


if __name__ == "__main__":
    main()
