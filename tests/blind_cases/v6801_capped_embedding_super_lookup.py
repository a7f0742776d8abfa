"""CTR model whose id embeddings cap the vocabulary by frequency.

Ids seen at least `min_count` times in training own a private row; rarer ids
share a small set of hashed buckets appended after the vocabulary.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "num_users": 200,
    "num_items": 300,
    "dim": 8,
    "buckets": 16,
    "hidden": 32,
    "steps": 6,
    "batch": 64,
}


class FrequencyCappedEmbedding(nn.Embedding):
    def __init__(self, vocab_size, dim, num_buckets=16, min_count=3):
        super().__init__(vocab_size + num_buckets, dim)
        self.vocab_size = vocab_size
        self.num_buckets = num_buckets
        self.min_count = min_count
        self.register_buffer("counts", torch.zeros(vocab_size, dtype=torch.long))
        self._table_lookup = super().forward  # cycle

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

    def extra_repr(self):
        return "%s, vocab=%d, buckets=%d" % (super().extra_repr(), self.vocab_size, self.num_buckets)


class CtrModel(nn.Module):
    def __init__(self, cfg, min_count):
        super().__init__()
        self.user_emb = FrequencyCappedEmbedding(cfg["num_users"], cfg["dim"], cfg["buckets"], min_count)
        self.item_emb = FrequencyCappedEmbedding(cfg["num_items"], cfg["dim"], cfg["buckets"], min_count)
        self.mlp = nn.Sequential(
            nn.Linear(3 * cfg["dim"], cfg["hidden"]),
            nn.ReLU(),
            nn.Linear(cfg["hidden"], 1),
        )

    def forward(self, users, items):
        u = self.user_emb(users)
        v = self.item_emb(items)
        x = torch.cat([u, v, u * v], dim=-1)
        return self.mlp(x).squeeze(-1)


def synthetic_clicks(cfg, generator):
    users = torch.randint(0, cfg["num_users"], (cfg["batch"],), generator=generator)
    items = (users * 7 + torch.randint(0, 20, (cfg["batch"],), generator=generator)) % cfg["num_items"]
    clicks = ((users + items) % 3 == 0).float()
    return users, items, clicks


def train_trial(cfg, min_count, seed):
    gen = torch.Generator().manual_seed(seed)
    model = CtrModel(cfg, min_count)
    opt = torch.optim.Adagrad(model.parameters(), lr=0.05)
    for step in range(cfg["steps"]):
        users, items, clicks = synthetic_clicks(cfg, gen)
        logits = model(users, items)
        loss = F.binary_cross_entropy_with_logits(logits, clicks)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        users, items, clicks = synthetic_clicks(cfg, gen)
        acc = ((model(users, items) > 0).float() == clicks).float().mean().item()
    return loss.item(), acc


def main():
    for min_count in (1, 3):
        loss, acc = train_trial(CONFIG, min_count, seed=min_count)
        print("min_count=%d loss=%.4f acc=%.3f" % (min_count, loss, acc))


if __name__ == "__main__":
    main()
