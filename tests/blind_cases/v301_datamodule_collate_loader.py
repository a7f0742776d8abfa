"""Tiny DataModule that builds its loader from its own collate / worker-init methods."""
import random

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class TokenDataset(Dataset):
    def __init__(self, n, vocab=50, max_len=12):
        g = torch.Generator().manual_seed(n)
        self.seqs = [torch.randint(1, vocab, (int(torch.randint(3, max_len, (1,), generator=g)),), generator=g)
                     for _ in range(n)]
        self.labels = [int(s.sum()) % 2 for s in self.seqs]

    def __len__(self):
        return len(self.seqs)

    def __getitem__(self, i):
        return self.seqs[i], self.labels[i]


class SeqDataModule:
    def __init__(self, n_train=64, batch_size=16, pad_id=0, seed=0):
        self.pad_id = pad_id
        self.seed = seed
        self.train_set = TokenDataset(n_train)
        self.train_loader = DataLoader(  # cycle
            self.train_set,
            batch_size=batch_size,
            shuffle=True,
            num_workers=0,
            collate_fn=self.collate,  # cycle
            worker_init_fn=self._seed_worker,  # cycle
        )

    def _seed_worker(self, worker_id):
        random.seed(self.seed + worker_id)
        torch.manual_seed(self.seed + worker_id)

    def collate(self, batch):
        seqs, labels = zip(*batch)
        longest = max(len(s) for s in seqs)
        out = torch.full((len(seqs), longest), self.pad_id, dtype=torch.long)
        for row, s in enumerate(seqs):
            out[row, : len(s)] = s
        return out, torch.tensor(labels)


class BagClassifier(nn.Module):
    def __init__(self, vocab=50, dim=16):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean", padding_idx=0)
        self.head = nn.Linear(dim, 2)

    def forward(self, tokens):
        return self.head(self.emb(tokens))


def main():
    for seed in range(3):
        torch.manual_seed(seed)
        dm = SeqDataModule(seed=seed)
        model = BagClassifier()
        opt = torch.optim.Adam(model.parameters(), lr=1e-2)
        for tokens, labels in dm.train_loader:
            loss = nn.functional.cross_entropy(model(tokens), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
