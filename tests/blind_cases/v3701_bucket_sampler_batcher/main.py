"""Sequence classifier trained on length-bucketed batches, one loader per curriculum stage."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

from samplers import LengthBucketSampler

STAGES = {"short": (4, 12), "medium": (8, 20), "long": (12, 28)}


class ToySequences(Dataset):
    def __init__(self, n, min_len, max_len, vocab=50, seed=0):
        g = torch.Generator().manual_seed(seed)
        lens = torch.randint(min_len, max_len, (n,), generator=g)
        self.items = [torch.randint(1, vocab, (int(k),), generator=g) for k in lens]
        self.labels = torch.randint(0, 3, (n,), generator=g)

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        return self.items[idx], self.labels[idx]


def pad_collate(batch):
    seqs, labels = zip(*batch)
    out = torch.zeros(len(seqs), max(len(s) for s in seqs), dtype=torch.long)
    for i, s in enumerate(seqs):
        out[i, : len(s)] = s
    return out, torch.stack(labels)


class BagClassifier(nn.Module):
    def __init__(self, vocab=50, dim=16, classes=3):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean", padding_idx=0)
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.emb(x))


def build_loader(stage, seed):
    lo, hi = STAGES[stage]
    ds = ToySequences(48, lo, hi, seed=seed)
    sampler = LengthBucketSampler([len(s) for s in ds.items], batch_size=8, seed=seed)
    return DataLoader(ds, batch_sampler=sampler.batch_sampler, collate_fn=pad_collate), sampler


def main():
    model = BagClassifier()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for seed, stage in enumerate(STAGES):
        loader, sampler = build_loader(stage, seed)
        for epoch in range(2):
            sampler.set_epoch(epoch)
            for x, y in loader:
                loss = nn.functional.cross_entropy(model(x), y)
                opt.zero_grad()
                loss.backward()
                opt.step()


if __name__ == "__main__":
    main()
