"""Image-like dataset that skips corrupt samples and logs them for later inspection."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

from diagnostics import log, recent


class CorruptSampleError(ValueError):
    pass


class PatchDataset(Dataset):
    def __init__(self, n, size=6, corrupt_every=7):
        self.n = n
        self.size = size
        self.corrupt_every = corrupt_every
        self.fallback = torch.zeros(1, size, size)

    def __len__(self):
        return self.n

    def _decode(self, idx):
        raw = torch.rand(1, self.size, self.size)
        if idx % self.corrupt_every == 3:
            raise CorruptSampleError(f"bad header in sample {idx}")
        return (raw - 0.5) / 0.25

    def __getitem__(self, idx):
        try:
            img = self._decode(idx)
        except CorruptSampleError:
            log.warning("sample %d unreadable, using fallback", idx, exc_info=True)  # retain
            img = self.fallback
        return img, idx % 3


def main():
    ds = PatchDataset(n=40)
    loader = DataLoader(ds, batch_size=8, shuffle=False)
    model = nn.Sequential(nn.Conv2d(1, 4, 3), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 4 * 4, 3))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(2):
        for img, label in loader:
            loss = nn.functional.cross_entropy(model(img), label)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: {recent.count()} warnings so far")


if __name__ == "__main__":
    main()
