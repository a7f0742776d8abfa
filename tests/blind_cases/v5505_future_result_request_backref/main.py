"""Drive the micro-batcher the way the HTTP handlers do: submit, then wait on futures."""
import torch
import torch.nn as nn

from batcher import MicroBatcher


def build_model(in_features=12, classes=5):
    return nn.Sequential(nn.Linear(in_features, 32), nn.ReLU(), nn.Linear(32, classes))


def handle_burst(batcher, burst_id, n):
    futures = [batcher.submit("%d-%d" % (burst_id, i), torch.randn(12), priority=i % 2)
               for i in range(n)]
    batcher.flush()
    return [f.result(timeout=1.0).to_json() for f in futures]


def main():
    torch.manual_seed(0)
    batcher = MicroBatcher(build_model(), max_batch=4)
    for burst_id, n in enumerate([3, 6, 4, 7]):
        replies = handle_burst(batcher, burst_id, n)
        print(burst_id, [r["label"] for r in replies], "batches:", batcher.batches_run)


if __name__ == "__main__":
    main()
