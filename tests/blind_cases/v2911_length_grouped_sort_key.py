"""Length-grouped batching for a character-level classifier (HF-style megabatch sorting)."""
import functools
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset, Sampler

BUCKET_BOUNDARIES = (6, 12, 24)


def bucket_index(length, boundaries):
    for k, b in enumerate(boundaries):
        if length <= b:
            return k
    return len(boundaries)


def pad_collate(batch, pad_id):
    width = max(len(ids) for ids, _ in batch)
    out = torch.full((len(batch), width), pad_id, dtype=torch.long)
    for i, (ids, _) in enumerate(batch):
        out[i, :len(ids)] = ids
    return out, torch.tensor([label for _, label in batch])


class CharDataset(Dataset):
    def __init__(self, n, alphabet=26, seed=0):
        rng = random.Random(seed)
        self.samples = []
        for _ in range(n):
            ids = [rng.randrange(1, alphabet + 1) for _ in range(rng.randint(2, 20))]
            self.samples.append((torch.tensor(ids), int(sum(ids) % 2)))
        self.lengths = [len(ids) for ids, _ in self.samples]
        self.pad_id = 0

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, idx):
        return self.samples[idx]


class LengthGroupedBatchSampler(Sampler):
    def __init__(self, lengths, batch_size, mega_batch_mult=4, seed=0):
        self.lengths = list(lengths)
        self.batch_size = batch_size
        self.mega = batch_size * mega_batch_mult
        self.seed = seed
        self.epoch = 0
        self.sort_key = lambda i, lengths=self.lengths: -lengths[i]
        self.bucket_of = functools.partial(bucket_index, boundaries=BUCKET_BOUNDARIES)

    def set_epoch(self, epoch):
        self.epoch = epoch

    def __iter__(self):
        g = torch.Generator().manual_seed(self.seed + self.epoch)
        perm = torch.randperm(len(self.lengths), generator=g).tolist()
        for start in range(0, len(perm), self.mega):
            mega = sorted(perm[start:start + self.mega], key=self.sort_key)
            for j in range(0, len(mega), self.batch_size):
                yield mega[j:j + self.batch_size]

    def __len__(self):
        return -(-len(self.lengths) // self.batch_size)

    def bucket_histogram(self):
        hist = [0] * (len(BUCKET_BOUNDARIES) + 1)
        for n in self.lengths:
            hist[self.bucket_of(n)] += 1
        return hist


class CharCNN(nn.Module):
    def __init__(self, alphabet=27, dim=16, classes=2):
        super().__init__()
        self.emb = nn.Embedding(alphabet, dim, padding_idx=0)
        self.conv = nn.Conv1d(dim, dim, 3, padding=1)
        self.out = nn.Linear(dim, classes)

    def forward(self, ids):
        h = F.relu(self.conv(self.emb(ids).transpose(1, 2)))
        return self.out(h.amax(-1))


class Trainer:
    def __init__(self, model, dataset, batch_size=8, seed=0):
        self.model = model
        self.sampler = LengthGroupedBatchSampler(dataset.lengths, batch_size, seed=seed)
        self.loader = DataLoader(dataset, batch_sampler=self.sampler,
                                 collate_fn=functools.partial(pad_collate, pad_id=dataset.pad_id))
        self._set_epoch = self.sampler.set_epoch
        self.opt = torch.optim.Adam(model.parameters(), lr=5e-3)

    def fit(self, epochs):
        for epoch in range(epochs):
            self._set_epoch(epoch)
            for ids, labels in self.loader:
                loss = F.cross_entropy(self.model(ids), labels)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
        return loss.item()


def main():
    for seed in range(2):
        dataset = CharDataset(40, seed=seed)
        trainer = Trainer(CharCNN(), dataset, seed=seed)
        trainer.fit(epochs=2)
        assert sum(trainer.sampler.bucket_histogram()) == len(dataset)


if __name__ == "__main__":
    main()
