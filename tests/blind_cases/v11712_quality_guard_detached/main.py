"""Training over sharded exports; corrupt batches are skipped and quarantined for review."""
import torch
import torch.nn as nn

from quality import BatchQualityMonitor

CONFIG = {"shards": 3, "batches_per_shard": 4, "batch_size": 16, "dim": 8, "classes": 4, "lr": 0.05}


def shard_batches(shard, cfg):
    g = torch.Generator().manual_seed(shard)
    for b in range(cfg["batches_per_shard"]):
        ids = torch.arange(b * cfg["batch_size"], (b + 1) * cfg["batch_size"]) + shard * 1000
        x = torch.randn(cfg["batch_size"], cfg["dim"], generator=g)
        y = torch.randint(0, cfg["classes"], (cfg["batch_size"],), generator=g)
        if shard == 1 and b == 2:
            x[3:5] *= 100.0
        if shard == 2 and b == 1:
            x[:] = x[0]
        if shard == 2 and b == 3:
            x[7, 2] = float("nan")
        yield x, y, ids


def train_shard(model, opt, monitor, shard, cfg):
    steps = 0
    for x, y, ids in shard_batches(shard, cfg):
        with monitor.guard(f"shard-{shard}"):
            monitor.check(x, y, ids)
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            steps += 1
    return steps


def main():
    cfg = CONFIG
    for trial, hidden in enumerate((16, 32)):
        torch.manual_seed(trial)
        model = nn.Sequential(nn.Linear(cfg["dim"], hidden), nn.ReLU(), nn.Linear(hidden, cfg["classes"]))
        opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
        monitor = BatchQualityMonitor(num_classes=cfg["classes"])
        steps = sum(train_shard(model, opt, monitor, s, cfg) for s in range(cfg["shards"]))
        print(f"trial {trial}: {steps} steps, skipped {dict(monitor.counts)}, "
              f"quarantined {len(monitor.quarantined_ids())} samples")


if __name__ == "__main__":
    main()
