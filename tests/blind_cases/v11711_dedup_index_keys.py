"""Exact-duplicate guard for incremental ingestion, shared by all runs in the process."""
import hashlib

import torch
import torch.nn as nn

DEDUP_INDEX = set()


class Sample:
    def __init__(self, sample_id, features, label, source):
        self.sample_id = sample_id
        self.features = features
        self.label = label
        self.source = source
        self.digest = hashlib.blake2b(features.numpy().tobytes(), digest_size=8).hexdigest()
        self.index_key = None

    def key(self):
        return (self.digest, self.label)


def ingest(batches):
    accepted, duplicates = [], 0
    for batch in batches:
        for sample in batch:
            key = sample.key()
            if key in DEDUP_INDEX:
                duplicates += 1
                continue
            DEDUP_INDEX.add(key)
            sample.index_key = key
            accepted.append(sample)
    return accepted, duplicates


def release(samples):
    for sample in samples:
        DEDUP_INDEX.discard(sample.index_key)


def make_shards(run, n_shards=3, per_shard=20, dim=5):
    g = torch.Generator().manual_seed(run)
    pool = torch.randn(40, dim, generator=g)
    shards = []
    for s in range(n_shards):
        rows = torch.randint(0, len(pool), (per_shard,), generator=g)
        shards.append([Sample(f"r{run}s{s}i{k}", pool[r].clone(), int(pool[r, 0] > 0), f"shard-{s}")
                       for k, r in enumerate(rows.tolist())])
    return shards


def review_disagreements(model, samples, max_changes=4):
    with torch.no_grad():
        x = torch.stack([s.features for s in samples])
        pred = model(x).argmax(1).tolist()
    changed = 0
    for s, p in zip(samples, pred):
        if p != s.label and changed < max_changes:
            s.label = p
            changed += 1
    return changed


def run_experiment(run):
    samples, dups = ingest(make_shards(run))
    x = torch.stack([s.features for s in samples])
    model = nn.Sequential(nn.Linear(x.shape[1], 16), nn.ReLU(), nn.Linear(16, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(2):
        y = torch.tensor([s.label for s in samples])
        for _ in range(5):
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        changed = review_disagreements(model, samples)
    print(f"run {run}: {len(samples)} unique, {dups} duplicates, last review relabelled {changed}, "
          f"loss {loss.item():.3f}")
    release(samples)


def main():
    for run in range(3):
        run_experiment(run)
    print(f"dedup index size: {len(DEDUP_INDEX)}")


if __name__ == "__main__":
    main()
