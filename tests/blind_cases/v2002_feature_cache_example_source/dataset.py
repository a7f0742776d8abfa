"""Dataset that standardises raw feature rows once and keeps the processed examples in memory."""
from torch.utils.data import Dataset

from records import Example


class Standardize:
    def __init__(self, mean, std, eps=1e-6):
        self.mean, self.std, self.eps = mean, std, eps

    def __call__(self, x):
        return (x - self.mean) / (self.std + self.eps)


class CachedFeatureDataset(Dataset):
    def __init__(self, name, rows, targets, transform):
        self.name = name
        self.rows = rows
        self.targets = targets
        self.transform = transform
        self._cache = {}  # cycle
        self.stats = {"hits": 0, "misses": 0}

    def __len__(self):
        return len(self.rows)

    def describe(self, index):
        return "%s[%d]" % (self.name, index)

    def _prepare(self, index):
        features = self.transform(self.rows[index])
        return Example(index=index, features=features, target=int(self.targets[index]), source=self)  # cycle

    def __getitem__(self, index):
        example = self._cache.get(index)
        if example is None:
            self.stats["misses"] += 1
            example = self._prepare(index)
            self._cache[index] = example  # cycle
        else:
            self.stats["hits"] += 1
        return example
