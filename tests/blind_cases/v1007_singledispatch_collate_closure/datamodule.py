"""Synthetic text-classification data with a vocabulary built at setup time."""
import random
from collections import Counter
from dataclasses import dataclass

import torch
from torch.utils.data import DataLoader, Dataset

from collate import collate_records, encode


@dataclass
class TextSample:
    words: list
    label: int


class ListDataset(Dataset):
    def __init__(self, items):
        self.items = items

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


class TextDataModule:
    def __init__(self, n_samples=64, max_vocab=50, seed=0):
        self.n_samples, self.max_vocab, self.seed = n_samples, max_vocab, seed
        self.vocab, self.max_len, self.train_set = None, None, None

    def setup(self):
        rng = random.Random(self.seed)
        words = [f"w{i}" for i in range(80)]
        samples = [TextSample([rng.choice(words) for _ in range(rng.randint(3, 12))], rng.randint(0, 1))
                   for _ in range(self.n_samples)]
        counts = Counter(w for s in samples for w in s.words)
        self.vocab = {w: i + 2 for i, (w, _) in enumerate(counts.most_common(self.max_vocab))}
        self.max_len = sorted(len(s.words) for s in samples)[int(0.9 * len(samples))]
        self.train_set = ListDataset(samples)

        @encode.register(TextSample)  # retain
        def _encode_text(sample):  # retain
            ids = [self.vocab.get(w, 1) for w in sample.words][:self.max_len]
            ids += [0] * (self.max_len - len(ids))
            return {"ids": torch.tensor(ids), "label": torch.tensor(sample.label)}

    def train_dataloader(self, batch_size=16):
        return DataLoader(self.train_set, batch_size=batch_size, shuffle=True,
                          collate_fn=collate_records, num_workers=0)
