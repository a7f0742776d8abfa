"""Token tagging with a tiny BiGRU; the collator is rebuilt for every padding configuration."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

from seq_collate import TokenTaggingCollator

VOCAB, TAGS = 50, 5


class TaggingCorpus(Dataset):
    def __init__(self, n=48, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.rows = []
        for i in range(n):
            length = int(torch.randint(4, 17, (1,), generator=g))
            ids = torch.randint(1, VOCAB, (length,), generator=g)
            self.rows.append({"input_ids": ids, "labels": ids % TAGS, "length": length, "weight": 1.0, "doc": f"doc{i}"})

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, idx):
        return self.rows[idx]


class Tagger(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, dim, padding_idx=0)
        self.rnn = nn.GRU(dim, dim, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * dim, TAGS)

    def forward(self, ids):
        hidden, _ = self.rnn(self.embed(ids))
        return self.out(hidden)


def train(corpus, multiple_of, steps_per_epoch=4):
    collator = TokenTaggingCollator(multiple_of=multiple_of)
    loader = DataLoader(corpus, batch_size=8, shuffle=True, collate_fn=collator)
    model = Tagger()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    for step, batch in enumerate(loader):
        logits = model(batch["input_ids"])
        loss = nn.functional.cross_entropy(logits.flatten(0, 1), batch["labels"].flatten(), ignore_index=-100)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step + 1 == steps_per_epoch:
            break
    return loss.item(), collator.calls["input_ids"]


def main():
    corpus = TaggingCorpus()
    for multiple_of in (1, 8):
        loss, batches = train(corpus, multiple_of)
        assert batches == 4 and loss > 0


if __name__ == "__main__":
    main()
