"""Serve a stream of micro-batches; an older client sends truncated feature vectors."""
import torch
import torch.nn as nn

from logsetup import recent
from worker import BatchWorker

CONFIG = {"features": 16, "hidden": 32, "classes": 6, "batches": 6, "batch_size": 4}


def build_model(cfg):
    return nn.Sequential(
        nn.Linear(cfg["features"], cfg["hidden"]), nn.Tanh(), nn.Linear(cfg["hidden"], cfg["classes"]))


def make_batch(bid, cfg):
    reqs = []
    for i in range(cfg["batch_size"]):
        legacy_client = bid % 2 == 1 and i == 0
        dim = cfg["features"] - 4 if legacy_client else cfg["features"]
        reqs.append({"rid": f"{bid}-{i}", "features": torch.randn(dim)})
    return reqs


def main():
    torch.manual_seed(0)
    worker = BatchWorker(build_model(CONFIG), CONFIG["features"])
    statuses = []
    for bid in range(CONFIG["batches"]):
        statuses += [status for _, status, _ in worker.run_batch(bid, make_batch(bid, CONFIG))]
    print(f"ok={statuses.count(200)} rejected={statuses.count(400)}")
    print("\n".join(line.splitlines()[0] for line in recent(3)))


if __name__ == "__main__":
    main()
