"""Train on a streamed shard set, writing resumable pipeline snapshots along the way."""
import random

import torch
import torch.nn as nn

from pipes import build_pipeline, write_shard
from resume import ResumeCheckpointer

CONFIG = {"shards": 3, "rows_per_shard": 24, "batch_size": 8, "lr": 0.05, "stages": ("warmup", "main")}


def make_store(seed):
    rng = random.Random(seed)
    store = {}
    for s in range(CONFIG["shards"]):
        rows = [(rng.randrange(3), [rng.gauss(0.0, 1.0) for _ in range(8)])
                for _ in range(CONFIG["rows_per_shard"])]
        store[f"train-{s:05d}.bin"] = write_shard(rows)
    return store


def run_stage(name, store):
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
    opt = torch.optim.SGD(model.parameters(), lr=CONFIG["lr"])
    pipeline = build_pipeline(store, CONFIG["batch_size"])
    with ResumeCheckpointer(name, model, opt, pipeline) as ckpt:
        for step, (feats, labels) in enumerate(pipeline, start=1):
            loss = nn.functional.cross_entropy(model(feats), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
            ckpt.maybe_save(step)
    print(ckpt.summary())


def main():
    for i, stage in enumerate(CONFIG["stages"]):
        run_stage(stage, make_store(seed=i))


if __name__ == "__main__":
    main()
