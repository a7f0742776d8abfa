"""Length-bucketed batch sampler for a toy sequence classifier; each epoch is cut off by a
step budget, and the bucket that was interrupted is resumed at the start of the next epoch."""
import itertools
import random

import torch
import torch.nn as nn
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader, Dataset


class RandomSequences(Dataset):
    def __init__(self, n, vocab, seed=0):
        rng = random.Random(seed)
        self.seqs = [torch.randint(1, vocab, (rng.randint(2, 24),)) for _ in range(n)]
        self.labels = [int(s.float().mean() > vocab / 2) for s in self.seqs]

    def __len__(self):
        return len(self.seqs)

    def __getitem__(self, idx):
        return self.seqs[idx], self.labels[idx]


class BucketBatchSampler:
    def __init__(self, lengths, batch_size, bucket_width=4, seed=0):
        self.lengths = lengths
        self.batch_size = batch_size
        self.bucket_width = bucket_width
        self.rng = random.Random(seed)
        self._carry = None

    def _bucket_of(self, idx):
        return self.lengths[idx] // self.bucket_width

    def _epoch_order(self):
        order = list(range(len(self.lengths)))
        self.rng.shuffle(order)
        return sorted(order, key=self._bucket_of)

    def _cut(self, members):
        while True:
            batch = list(itertools.islice(members, self.batch_size))
            if not batch:
                return
            yield batch

    def __iter__(self):
        if self._carry is not None:
            leftover, self._carry = self._carry, None
            yield from self._cut(leftover)
        groups = itertools.groupby(self._epoch_order(), key=self._bucket_of)  # cycle
        for _, members in groups:  # cycle
            try:
                yield from self._cut(members)
            except GeneratorExit:
                self._carry = members  # cycle
                raise


def collate(batch):
    seqs, labels = zip(*batch)
    return pad_sequence(seqs, batch_first=True), torch.tensor(labels)


class GRUClassifier(nn.Module):
    def __init__(self, vocab, dim=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim, padding_idx=0)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, 2)

    def forward(self, tokens):
        _, h = self.rnn(self.emb(tokens))
        return self.out(h[-1])


def main():
    data = RandomSequences(64, vocab=30)
    sampler = BucketBatchSampler([len(s) for s in data.seqs], batch_size=6)
    loader = DataLoader(data, batch_sampler=sampler, collate_fn=collate)
    model = GRUClassifier(30)
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for epoch in range(3):
        for step, (tokens, labels) in enumerate(loader):
            loss = nn.functional.cross_entropy(model(tokens), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if step + 1 == 4:
                break
        print("epoch %d loss %.3f" % (epoch, loss.item()))


if __name__ == "__main__":
    main()
