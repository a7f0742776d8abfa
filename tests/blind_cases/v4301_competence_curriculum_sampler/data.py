"""Synthetic variable-length sequence classification data with a per-example difficulty score."""
import torch
from torch.utils.data import Dataset


class SortedLengthTask(Dataset):
    def __init__(self, n=96, vocab=32, max_len=14, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.lengths = torch.randint(3, max_len + 1, (n,), generator=g)
        self.tokens = [torch.randint(1, vocab, (int(l),), generator=g) for l in self.lengths]
        self.labels = [int(t.sum() % 2) for t in self.tokens]

    @property
    def difficulty(self):
        return self.lengths.float() / self.lengths.max()

    def __len__(self):
        return len(self.tokens)

    def __getitem__(self, idx):
        return self.tokens[idx], self.labels[idx]


def pad_collate(batch, pad_id=0):
    seqs, labels = zip(*batch)
    width = max(len(s) for s in seqs)
    out = torch.full((len(seqs), width), pad_id, dtype=torch.long)
    for row, s in enumerate(seqs):
        out[row, : len(s)] = s
    return out, torch.tensor(labels)
