"""Sharded token stream for a tiny language model; workers split shards by worker id."""
import random
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, IterableDataset, get_worker_info

CONFIG = {
    "vocab": 64, "seq_len": 16, "dim": 32,
    "train": {"shards": 8, "tokens_per_shard": 600, "batch_size": 8, "num_workers": 2, "epochs": 2},
    "val": {"shards": 2, "tokens_per_shard": 300, "batch_size": 8, "num_workers": 0},
    "lr": 3e-3,
}


@dataclass
class ShardContext:
    id: int
    num_workers: int
    seed: int
    dataset: object


class ShardedTokenStream(IterableDataset):
    def __init__(self, shards, seq_len, shuffle=True):
        super().__init__()
        self.shards = shards
        self.seq_len = seq_len
        self.shuffle = shuffle
        self.epoch = 0
        self._ctx = None

    def set_epoch(self, epoch):
        self.epoch = epoch

    def _context(self):
        if self._ctx is None:
            info = get_worker_info()
            if info is None:
                info = ShardContext(0, 1, torch.initial_seed(), dataset=self)  # cycle
            self._ctx = info  # cycle
        return self._ctx

    def __iter__(self):
        ctx = self._context()
        rng = random.Random(ctx.seed % (2 ** 32) + self.epoch)
        mine = self.shards[ctx.id::ctx.num_workers]
        if self.shuffle:
            mine = rng.sample(mine, len(mine))
        for shard in mine:
            n = (len(shard) - 1) // self.seq_len
            for i in range(n):
                window = shard[i * self.seq_len:(i + 1) * self.seq_len + 1]
                yield window[:-1], window[1:]


class TinyLM(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, vocab)

    def forward(self, tokens):
        h, _ = self.rnn(self.embed(tokens))
        return self.out(h)


def make_shards(n, length, vocab, seed):
    g = torch.Generator().manual_seed(seed)
    return [torch.randint(0, vocab, (length,), generator=g) for _ in range(n)]


def make_loader(split_cfg, seed, shuffle):
    shards = make_shards(split_cfg["shards"], split_cfg["tokens_per_shard"], CONFIG["vocab"], seed)
    ds = ShardedTokenStream(shards, CONFIG["seq_len"], shuffle=shuffle)
    return DataLoader(ds, batch_size=split_cfg["batch_size"], num_workers=split_cfg["num_workers"])


@torch.no_grad()
def validate(model, loader):
    model.eval()
    total, n = 0.0, 0
    for x, y in loader:
        total += F.cross_entropy(model(x).flatten(0, 1), y.flatten(), reduction="sum").item()
        n += y.numel()
    model.train()
    return total / n


def main():
    torch.manual_seed(0)
    model = TinyLM(CONFIG["vocab"], CONFIG["dim"])
    opt = torch.optim.Adam(model.parameters(), lr=CONFIG["lr"])
    train_loader = make_loader(CONFIG["train"], seed=1, shuffle=True)
    for epoch in range(CONFIG["train"]["epochs"]):
        train_loader.dataset.set_epoch(epoch)
        for x, y in train_loader:
            loss = F.cross_entropy(model(x).flatten(0, 1), y.flatten())
            opt.zero_grad()
            loss.backward()
            opt.step()
        val_loader = make_loader(CONFIG["val"], seed=100 + epoch, shuffle=False)
        print(f"epoch {epoch}: train {loss.item():.3f} val {validate(model, val_loader):.3f}")


if __name__ == "__main__":
    main()
