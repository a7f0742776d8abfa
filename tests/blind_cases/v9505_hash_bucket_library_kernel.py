"""DCN-style CTR model whose hashed categorical features go through a custom
`recsys::hash_bucket` op, so that exported graphs keep the bucketing step as one node."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.library import Library

CONFIG = {
    "fields": {"user_id": 1 << 20, "item_id": 1 << 18, "query": 1 << 16},
    "num_buckets": 512,
    "dim": 8,
    "cross_layers": 2,
    "salt": 0x5BD1E995,
    "epochs": 2,
    "steps": 5,
    "batch_size": 64,
}


class HashedFeatureEmbedding(nn.Module):
    def __init__(self, fields, num_buckets, dim, salt, namespace="recsys"):
        super().__init__()
        self.fields = list(fields)
        self.num_buckets = num_buckets
        self.salt = salt
        self.calls = 0
        self.tables = nn.ModuleDict({f: nn.EmbeddingBag(num_buckets, dim, mode="mean") for f in fields})
        self._lib = Library(namespace, "DEF")
        self._lib.define("hash_bucket(Tensor ids, int field) -> Tensor")
        self._lib.impl("hash_bucket", self._hash_bucket_cpu, "CPU")  # retain
        self._hash_bucket = getattr(torch.ops, namespace).hash_bucket

    def _hash_bucket_cpu(self, ids, field):
        self.calls += 1
        mixed = torch.remainder(ids * 2654435761 + self.salt * (field + 1), 2147483647)
        return torch.remainder(mixed, self.num_buckets)

    def forward(self, batch):
        outs = []
        for i, f in enumerate(self.fields):
            ids, offsets = batch[f]
            outs.append(self.tables[f](self._hash_bucket(ids, i), offsets))
        return torch.cat(outs, dim=1)


class CrossNet(nn.Module):
    def __init__(self, width, layers):
        super().__init__()
        self.w = nn.ModuleList(nn.Linear(width, 1, bias=False) for _ in range(layers))
        self.b = nn.ParameterList(nn.Parameter(torch.zeros(width)) for _ in range(layers))

    def forward(self, x0):
        x = x0
        for w, b in zip(self.w, self.b):
            x = x0 * w(x) + b + x
        return x


class HashedDCN(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = HashedFeatureEmbedding(cfg["fields"], cfg["num_buckets"], cfg["dim"], cfg["salt"])
        width = cfg["dim"] * len(cfg["fields"])
        self.cross = CrossNet(width, cfg["cross_layers"])
        self.out = nn.Linear(width, 1)

    def forward(self, batch):
        return self.out(self.cross(self.embed(batch))).squeeze(-1)


def bag_batch(cfg):
    batch = {}
    for f, cardinality in cfg["fields"].items():
        lengths = torch.randint(1, 4, (cfg["batch_size"],))
        offsets = torch.cat([torch.zeros(1, dtype=torch.long), lengths.cumsum(0)[:-1]])
        batch[f] = (torch.randint(0, cardinality, (int(lengths.sum()),)), offsets)
    batch["label"] = (torch.rand(cfg["batch_size"]) < 0.25).float()
    return batch


def main():
    cfg = CONFIG
    model = HashedDCN(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            batch = bag_batch(cfg)
            loss = F.binary_cross_entropy_with_logits(model(batch), batch["label"])
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss={loss.item():.4f} hash calls={model.embed.calls}")


if __name__ == "__main__":
    main()
