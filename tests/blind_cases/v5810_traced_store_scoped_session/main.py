"""Batch-size sweep; each run trains a DDP model inside its own process-group session."""
import time

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP

from session import distributed_session

SWEEP = [{"name": "bs8", "batch": 8}, {"name": "bs32", "batch": 32}]


class Run:
    def __init__(self, cfg):
        self.cfg = cfg
        self.rank, self.world_size = 0, 1
        self.started = time.perf_counter()
        self.store_log = []
        self.model = nn.Sequential(nn.Linear(6, 20), nn.Softplus(), nn.Linear(20, 1))
        self.optimizer = torch.optim.RMSprop(self.model.parameters(), lr=1e-2)


def train(run, steps=6):
    ddp = DDP(run.model)
    for _ in range(steps):
        x = torch.rand(run.cfg["batch"], 6)
        loss = (ddp(x).squeeze(1) - x.max(1).values).abs().mean()
        run.optimizer.zero_grad()
        loss.backward()
        run.optimizer.step()
    dist.barrier()
    return loss.item()


def main():
    summary = {}
    for cfg in SWEEP:
        run = Run(cfg)
        with distributed_session(run):
            summary[cfg["name"]] = (train(run), len(run.store_log))
    for name, (loss, n_store_ops) in summary.items():
        print(f"{name}: loss={loss:.4f} store barrier ops={n_store_ops}")


if __name__ == "__main__":
    main()
