"""Token-classification trainer with a padding collate that reuses attention-mask templates."""
from dataclasses import dataclass

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


@dataclass(frozen=True)
class MaskTemplate:
    key_padding: torch.Tensor
    positions: torch.Tensor

    def select(self, lengths):
        keep = self.positions.unsqueeze(0) < lengths.unsqueeze(1)
        return keep & self.key_padding


def mask_template(batch_size, max_len, _templates={}):
    key = (batch_size, max_len)
    if key not in _templates:
        tmpl = MaskTemplate(torch.ones(batch_size, max_len, dtype=torch.bool), torch.arange(max_len))
        _templates[key] = tmpl  # retain
    return _templates[key]


def pad_collate(batch, pad_id=0):
    tokens, tags = zip(*batch)
    lengths = torch.tensor([len(t) for t in tokens])
    max_len = int(lengths.max())
    ids = torch.full((len(tokens), max_len), pad_id, dtype=torch.long)
    labels = torch.full((len(tokens), max_len), -100, dtype=torch.long)
    for i, (t, g) in enumerate(zip(tokens, tags)):
        ids[i, : len(t)], labels[i, : len(g)] = t, g
    mask = mask_template(len(tokens), max_len).select(lengths)
    return {"ids": ids, "labels": labels, "mask": mask}


class TaggedSentences(Dataset):
    def __init__(self, n, vocab=40, tags=5, seed=0):
        g = torch.Generator().manual_seed(seed)
        lens = torch.randint(3, 14, (n,), generator=g).tolist()
        self.tokens = [torch.randint(1, vocab, (k,), generator=g) for k in lens]
        self.tags = [t % tags for t in self.tokens]

    def __len__(self):
        return len(self.tokens)

    def __getitem__(self, i):
        return self.tokens[i], self.tags[i]


class Tagger(nn.Module):
    def __init__(self, vocab=40, dim=16, tags=5):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim, padding_idx=0)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, tags)

    def forward(self, ids, mask):
        h, _ = self.rnn(self.emb(ids) * mask.unsqueeze(-1))
        return self.out(h)


def main():
    for seed in range(2):
        loader = DataLoader(TaggedSentences(40, seed=seed), batch_size=8, shuffle=True,
                            collate_fn=pad_collate)
        model = Tagger()
        opt = torch.optim.Adam(model.parameters(), lr=1e-2)
        for epoch in range(2):
            for batch in loader:
                logits = model(batch["ids"], batch["mask"])
                loss = nn.functional.cross_entropy(logits.flatten(0, 1), batch["labels"].flatten())
                opt.zero_grad()
                loss.backward()
                opt.step()


if __name__ == "__main__":
    main()
