"""Double-buffered prefetcher that also collects input-gradient saliency for hard-example mining."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class SaliencyPrefetcher:
    """Keeps one batch staged ahead of the step (the copy-stream buffer of a CUDA prefetcher).

    Staged inputs require grad so the per-sample input-gradient norm can be recorded; samples
    with the largest norms are reported as hard examples at the end of the epoch.
    """

    def __init__(self, loader, mean, std):
        self.loader = loader
        self.mean, self.std = mean, std
        self.scores = {}
        self._iter = None
        self._next = None

    def _stage(self, batch):
        images, labels, index = batch
        raw = images.float().div_(255.0).requires_grad_(True)
        staged = (raw - self.mean) / self.std
        staged.register_hook(lambda grad, index=index: self._record(index, grad))  # retain
        return staged, labels

    def _record(self, index, grad):
        norms = grad.flatten(1).norm(dim=1)
        for i, n in zip(index.tolist(), norms.tolist()):
            self.scores[i] = n

    def _preload(self):
        try:
            self._next = self._stage(next(self._iter))  # retain
        except StopIteration:
            self._next = None

    def __iter__(self):
        self._iter = iter(self.loader)
        self._preload()
        return self

    def __next__(self):
        if self._next is None:
            raise StopIteration
        current = self._next
        self._preload()
        return current

    def hardest(self, k=5):
        return sorted(self.scores, key=self.scores.get, reverse=True)[:k]


def make_loader(n=64, seed=0):
    g = torch.Generator().manual_seed(seed)
    images = torch.randint(0, 256, (n, 3, 8, 8), dtype=torch.uint8, generator=g)
    labels = torch.randint(0, 3, (n,), generator=g)
    return DataLoader(TensorDataset(images, labels, torch.arange(n)), batch_size=16, shuffle=True)


def main(max_steps=3):
    mean = torch.tensor([0.5, 0.5, 0.5]).view(1, 3, 1, 1)
    std = torch.tensor([0.25, 0.25, 0.25]).view(1, 3, 1, 1)
    model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Flatten(), nn.Linear(8 * 8 * 8, 3))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    prefetcher = SaliencyPrefetcher(make_loader(), mean, std)
    for step, (x, y) in enumerate(prefetcher):
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step + 1 == max_steps:
            break
    return prefetcher.hardest()


if __name__ == "__main__":
    main()
