"""Per-rank sharded checkpoints written under collective deadlines."""
import os
import tempfile

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.distributed.elastic import timer

from deadlines import DEADLINES

CFG = {"epochs": 3, "steps": 4, "barrier_deadline_s": 10.0, "save_deadline_s": 30.0}


def save_rank_shard(model, optimizer, ckpt_dir, epoch):
    rank, world = dist.get_rank(), dist.get_world_size()
    names = sorted(n for n, _ in model.named_parameters())
    mine = set(names[rank::world])
    shard = {n: p.detach().clone() for n, p in model.named_parameters() if n in mine}
    path = os.path.join(ckpt_dir, f"epoch{epoch}-shard{rank}-of-{world}.pt")
    with timer.expires(after=CFG["save_deadline_s"], scope=f"save/epoch{epoch}/rank{rank}"):
        torch.save({"params": shard, "optim": optimizer.state_dict() if rank == 0 else None}, path)
    with timer.expires(after=CFG["barrier_deadline_s"], scope=f"barrier/epoch{epoch}"):
        dist.barrier()
    return path


def main():
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    try:
        model = nn.parallel.DistributedDataParallel(nn.Sequential(nn.Linear(9, 18), nn.ReLU(), nn.Linear(18, 3)))
        optimizer = torch.optim.Adagrad(model.parameters(), lr=0.05)
        with tempfile.TemporaryDirectory() as ckpt_dir:
            for epoch in range(CFG["epochs"]):
                for _ in range(CFG["steps"]):
                    x = torch.randn(10, 9)
                    loss = nn.functional.cross_entropy(model(x), x[:, 3:6].argmax(1))
                    optimizer.zero_grad()
                    loss.backward()
                    optimizer.step()
                path = save_rank_shard(model.module, optimizer, ckpt_dir, epoch)
            restored = torch.load(path)
            print(f"restored {len(restored['params'])} tensors; deadlines: {DEADLINES.summary()}")
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
