"""Sequence tagging with a custom batch type; sample previews are logged every few epochs."""
import dataclasses

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

from sample_log import PREVIEWS

CFG = {"epochs": 4, "val_every": 3, "vocab": 30, "tags": 4, "batch_size": 6}


@dataclasses.dataclass
class TaggingBatch:
    tokens: torch.Tensor
    tags: torch.Tensor
    mask: torch.Tensor

    def describe(self):
        return "tokens=%s masked=%d" % (tuple(self.tokens.shape), int((~self.mask).sum()))


class SyntheticTagging(Dataset):
    def __init__(self, n, vocab, tags, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.seqs = [torch.randint(1, vocab, (int(torch.randint(3, 9, (1,), generator=g)),), generator=g)
                     for _ in range(n)]
        self.tags = tags

    def __len__(self):
        return len(self.seqs)

    def __getitem__(self, idx):
        seq = self.seqs[idx]
        return seq, seq % self.tags


def collate_tagging(items):
    width = max(len(s) for s, _ in items)
    tokens = torch.zeros(len(items), width, dtype=torch.long)
    tags = torch.zeros(len(items), width, dtype=torch.long)
    for i, (s, t) in enumerate(items):
        tokens[i, :len(s)] = s
        tags[i, :len(t)] = t
    return TaggingBatch(tokens, tags, tokens != 0)


class Tagger(nn.Module):
    def __init__(self, vocab, tags, dim=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim, padding_idx=0)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, tags)

    def forward(self, tokens):
        return self.out(self.rnn(self.emb(tokens))[0])


def main():
    loader = DataLoader(SyntheticTagging(48, CFG["vocab"], CFG["tags"]), batch_size=CFG["batch_size"],
                        shuffle=True, collate_fn=collate_tagging)
    model = Tagger(CFG["vocab"], CFG["tags"])
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    val_acc = []
    for epoch in range(1, CFG["epochs"] + 1):
        for batch in PREVIEWS.watch("train", loader):  # retain
            logits = model(batch.tokens)
            loss = F.cross_entropy(logits[batch.mask], batch.tags[batch.mask])
            opt.zero_grad()
            loss.backward()
            opt.step()
        if epoch % CFG["val_every"] == 0:
            model.eval()
            with torch.no_grad():
                batch = collate_tagging([loader.dataset[i] for i in range(CFG["batch_size"])])
                val_acc.append((model(batch.tokens).argmax(-1) == batch.tags)[batch.mask].float().mean().item())
            model.train()
            PREVIEWS.flush()
    assert len(PREVIEWS.rendered) == 2


if __name__ == "__main__":
    main()
