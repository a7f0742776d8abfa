"""Feature-column processor for a Wide & Deep CTR model.  Column transforms declare the
columns they read and write; the processor orders them once with graphlib."""
import graphlib

import torch
import torch.nn as nn
import torch.nn.functional as F

FEATURE_SPEC = {
    "hash_buckets": {"user_id": 256, "item_id": 512},
    "age_boundaries": [18.0, 25.0, 35.0, 50.0, 65.0],
    "crosses": [("user_hash", "age_bucket", 128), ("item_hash", "age_bucket", 128)],
}


def column(*inputs, output):
    def mark(fn):
        fn.column_inputs, fn.column_output = inputs, output
        return fn
    return mark


class FeatureProcessor:
    def __init__(self, spec):
        self.spec = spec
        self.boundaries = torch.tensor(spec["age_boundaries"])
        self.rows_seen = 0
        producers = {}
        for name in dir(type(self)):
            fn = getattr(type(self), name)
            if hasattr(fn, "column_output"):
                producers[fn.column_output] = (getattr(self, name), fn.column_inputs)  # cycle
        for a, b, buckets in spec["crosses"]:
            out = f"{a}_x_{b}"
            cross = lambda batch, a=a, b=b, n=buckets, out=out: self._cross(batch, a, b, n, out)  # cycle
            producers[out] = (cross, (a, b))
        graph = graphlib.TopologicalSorter()
        for fn, inputs in producers.values():
            graph.add(fn, *(producers[c][0] for c in inputs if c in producers))
        self.plan = tuple(graph.static_order())  # cycle
        self.sparse_columns = {out: self._cardinality(out) for out in producers}

    def _cardinality(self, name):
        if name == "age_bucket":
            return len(self.spec["age_boundaries"]) + 1
        if "_x_" in name:
            return dict((f"{a}_x_{b}", n) for a, b, n in self.spec["crosses"])[name]
        return self.spec["hash_buckets"][name.replace("_hash", "_id")]

    @column("user_id", output="user_hash")
    def hash_user(self, batch):
        batch["user_hash"] = batch["user_id"] % self.spec["hash_buckets"]["user_id"]

    @column("item_id", output="item_hash")
    def hash_item(self, batch):
        batch["item_hash"] = batch["item_id"] % self.spec["hash_buckets"]["item_id"]

    @column("age", output="age_bucket")
    def bucketize_age(self, batch):
        batch["age_bucket"] = torch.bucketize(batch["age"], self.boundaries)

    def _cross(self, batch, a, b, buckets, out):
        batch[out] = (batch[a] * 1000003 + batch[b]) % buckets

    def __call__(self, raw):
        batch = dict(raw)
        for transform in self.plan:
            transform(batch)
        self.rows_seen += len(raw["label"])
        return batch


class WideDeep(nn.Module):
    def __init__(self, cardinalities, dim=8):
        super().__init__()
        self.names = sorted(cardinalities)
        self.wide = nn.ModuleDict({c: nn.Embedding(n, 1) for c, n in cardinalities.items()})
        self.deep_emb = nn.ModuleDict({c: nn.Embedding(n, dim) for c, n in cardinalities.items()})
        self.deep = nn.Sequential(nn.Linear(dim * len(cardinalities), 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, batch):
        wide = sum(self.wide[c](batch[c]) for c in self.names)
        deep = self.deep(torch.cat([self.deep_emb[c](batch[c]) for c in self.names], dim=1))
        return (wide + deep).squeeze(-1)


def raw_batch(n=64):
    return {
        "user_id": torch.randint(0, 100000, (n,)),
        "item_id": torch.randint(0, 100000, (n,)),
        "age": torch.rand(n) * 70 + 12,
        "label": (torch.rand(n) < 0.2).float(),
    }


def main():
    processor = FeatureProcessor(FEATURE_SPEC)
    model = WideDeep(processor.sparse_columns)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(2):
        for _ in range(5):
            batch = processor(raw_batch())
            loss = F.binary_cross_entropy_with_logits(model(batch), batch["label"])
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss={loss.item():.4f} rows={processor.rows_seen}")


if __name__ == "__main__":
    main()
