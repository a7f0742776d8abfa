"""Popularity-smoothed negative sampling for sampled-softmax retrieval training."""
import torch
from torch.utils.data import DataLoader, Dataset, WeightedRandomSampler


class ItemCatalog(Dataset):
    def __init__(self, item_ids, categories):
        self.item_ids = item_ids
        self.categories = categories

    def __len__(self):
        return len(self.item_ids)

    def __getitem__(self, idx):
        return {"item": int(self.item_ids[idx]), "category": int(self.categories[idx])}


class PopularityNegativeSampler:
    """Draws negatives with probability proportional to count ** alpha (word2vec-style smoothing)."""

    def __init__(self, catalog, counts, num_negatives, alpha=0.75, pool_batches=64):
        self.catalog = catalog
        self.num_negatives = num_negatives
        self.weights = counts.float().pow(alpha)
        self.pool_batches = pool_batches
        self.log_q = torch.log(self.weights / self.weights.sum())
        self.exclude = set()
        self.drawn = 0
        self._stream = None

    def _to_candidates(self, rows):
        items = [r["item"] for r in rows if r["item"] not in self.exclude]
        while len(items) < self.num_negatives:
            items.append(items[-1] if items else 0)
        items = torch.tensor(items[: self.num_negatives])
        return items, self.log_q[items]

    def _open_stream(self):
        sampler = WeightedRandomSampler(self.weights, self.num_negatives * self.pool_batches, replacement=True)
        loader = DataLoader(self.catalog, batch_size=self.num_negatives, sampler=sampler,
                            collate_fn=self._to_candidates)  # cycle
        return iter(loader)

    def draw(self, positives):
        self.exclude = set(positives.tolist())
        if self._stream is None:
            self._stream = self._open_stream()  # cycle
        try:
            negatives = next(self._stream)
        except StopIteration:
            self._stream = self._open_stream()
            negatives = next(self._stream)
        self.drawn += self.num_negatives
        return negatives
