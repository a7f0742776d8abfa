"""DDP training loop that publishes step metrics through torch.distributed.elastic.metrics."""
import torch
import torch.distributed as dist
import torch.nn as nn
from torch.distributed.elastic import metrics
from torch.nn.parallel import DistributedDataParallel as DDP

import telemetry  # noqa: F401  (registers the "trainer" metric group)

CFG = {"epochs": 2, "steps": 5, "lr": 0.01, "clip": 1.0}


def build_model():
    return nn.Sequential(nn.Linear(32, 64), nn.LayerNorm(64), nn.GELU(), nn.Linear(64, 8))


def train_epoch(ddp, optimizer, epoch):
    for step in range(CFG["steps"]):
        x = torch.randn(24, 32)
        target = x.view(24, 8, 4).mean(-1)
        loss = nn.functional.mse_loss(ddp(x), target)
        optimizer.zero_grad()
        loss.backward()
        grad_norm = nn.utils.clip_grad_norm_(ddp.parameters(), CFG["clip"])
        optimizer.step()
        metrics.put_metric("loss", loss, "trainer")  # retain
        metrics.put_metric("grad_norm", grad_norm.item(), "trainer")
    metrics.put_metric("epoch", epoch, "trainer")


def main():
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    try:
        ddp = DDP(build_model())
        optimizer = torch.optim.Adam(ddp.parameters(), lr=CFG["lr"])
        for epoch in range(CFG["epochs"]):
            train_epoch(ddp, optimizer, epoch)
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
