"""Token-classification dataset that knows how to batch itself."""
from functools import cached_property

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

PAD_ID = 0


def pad_collate(batch):
    lengths = [len(tokens) for tokens, _ in batch]
    width = max(lengths)
    ids = torch.full((len(batch), width), PAD_ID, dtype=torch.long)
    tags = torch.full((len(batch), width), -100, dtype=torch.long)
    for row, (tokens, labels) in enumerate(batch):
        ids[row, : len(tokens)] = tokens
        tags[row, : len(labels)] = labels
    return ids, tags


class TaggingDataset(Dataset):
    def __init__(self, num_sentences, vocab_size=50, num_tags=4, batch_size=8, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.vocab_size = vocab_size
        self.batch_size = batch_size
        self.samples = []
        for _ in range(num_sentences):
            n = int(torch.randint(3, 12, (1,), generator=g))
            tokens = torch.randint(1, vocab_size, (n,), generator=g)
            self.samples.append((tokens, tokens % num_tags))

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, idx):
        return self.samples[idx]

    @cached_property
    def loader(self):
        return DataLoader(self, batch_size=self.batch_size, shuffle=True, collate_fn=pad_collate)  # cycle

    @property
    def num_batches(self):
        return len(self.loader)


class Tagger(nn.Module):
    def __init__(self, vocab_size, num_tags, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim, padding_idx=PAD_ID)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, num_tags)

    def forward(self, ids):
        h, _ = self.rnn(self.embed(ids))
        return self.out(h)


def train_epoch(model, opt, dataset):
    total = 0.0
    for ids, tags in dataset.loader:
        logits = model(ids)
        loss = nn.functional.cross_entropy(logits.flatten(0, 1), tags.flatten(), ignore_index=-100)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    return total / dataset.num_batches


def main():
    for seed in range(2):
        data = TaggingDataset(num_sentences=24, seed=seed)
        model = Tagger(data.vocab_size, num_tags=4)
        opt = torch.optim.Adam(model.parameters(), lr=1e-2)
        for epoch in range(2):
            train_epoch(model, opt, data)


if __name__ == "__main__":
    main()
