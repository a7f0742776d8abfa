"""Per-class embedding statistics for nearest-centroid evaluation."""
import functools

import torch


class ClassPrototypes:
    """Running per-class sums of embeddings; one instance per label set."""

    def __init__(self, label_names):
        self.label_names = label_names
        self.sums = {}
        self.counts = {}
        self.encoder = None

    @classmethod
    @functools.cache  # retain
    def for_labels(cls, label_names):
        return cls(tuple(label_names))

    def fit(self, encoder, batches):
        self.encoder = encoder  # retain
        self.sums.clear()
        self.counts.clear()
        with torch.no_grad():
            for x, y in batches:
                emb = encoder(x)
                for c in y.unique().tolist():
                    mask = y == c
                    self.sums[c] = self.sums.get(c, 0) + emb[mask].sum(0)
                    self.counts[c] = self.counts.get(c, 0) + int(mask.sum())
        return self

    def centroids(self):
        rows = [self.sums[c] / self.counts[c] for c in range(len(self.label_names))]
        return torch.nn.functional.normalize(torch.stack(rows), dim=-1)

    @torch.no_grad()
    def predict(self, x):
        emb = torch.nn.functional.normalize(self.encoder(x), dim=-1)
        return (emb @ self.centroids().T).argmax(dim=-1)
