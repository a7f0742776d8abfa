"""Factorization machine over frequency-capped field embeddings.

Ids seen at least `min_count` times own a private row; rarer ids share hashed
buckets appended after the vocabulary of the field.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

FIELDS = {"user": 150, "item": 240, "category": 12}
CFG = {"dim": 8, "buckets": 16, "batch": 64, "steps": 6, "min_counts": (1, 4)}


class FrequencyCappedEmbedding(nn.Embedding):
    _table_lookup = nn.Embedding.forward

    def __init__(self, vocab_size, dim, num_buckets=16, min_count=3):
        super().__init__(vocab_size + num_buckets, dim)
        self.vocab_size = vocab_size
        self.num_buckets = num_buckets
        self.min_count = min_count
        self.register_buffer("counts", torch.zeros(vocab_size, dtype=torch.long))

    @torch.no_grad()
    def remap(self, ids):
        if self.training:
            flat = ids.reshape(-1)
            self.counts.index_add_(0, flat, torch.ones_like(flat))
        frequent = self.counts[ids] >= self.min_count
        bucket = self.vocab_size + (ids * 2654435761) % self.num_buckets
        return torch.where(frequent, ids, bucket)

    def forward(self, ids):
        return self._table_lookup(self.remap(ids))


class FactorizationMachine(nn.Module):
    def __init__(self, fields, dim, buckets, min_count):
        super().__init__()
        self.names = list(fields)
        self.factors = nn.ModuleDict(
            {n: FrequencyCappedEmbedding(v, dim, buckets, min_count) for n, v in fields.items()})
        self.linear = nn.ModuleDict(
            {n: FrequencyCappedEmbedding(v, 1, buckets, min_count) for n, v in fields.items()})
        self.bias = nn.Parameter(torch.zeros(1))

    def forward(self, batch):
        v = torch.stack([self.factors[n](batch[n]) for n in self.names], dim=1)
        first = sum(self.linear[n](batch[n]).squeeze(-1) for n in self.names)
        second = 0.5 * (v.sum(1).pow(2) - v.pow(2).sum(1)).sum(-1)
        return self.bias + first + second


def make_batch(gen):
    user = torch.randint(0, FIELDS["user"], (CFG["batch"],), generator=gen)
    item = (user * 3 + torch.randint(0, 30, (CFG["batch"],), generator=gen)) % FIELDS["item"]
    category = item % FIELDS["category"]
    click = ((user + category) % 4 == 0).float()
    return {"user": user, "item": item, "category": category}, click


def train(min_count, seed):
    gen = torch.Generator().manual_seed(seed)
    model = FactorizationMachine(FIELDS, CFG["dim"], CFG["buckets"], min_count)
    opt = torch.optim.Adagrad(model.parameters(), lr=0.05)
    for _ in range(CFG["steps"]):
        batch, click = make_batch(gen)
        loss = F.binary_cross_entropy_with_logits(model(batch), click)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for seed, min_count in enumerate(CFG["min_counts"]):
        print("min_count=%d loss=%.4f" % (min_count, train(min_count, seed)))


if __name__ == "__main__":
    main()
