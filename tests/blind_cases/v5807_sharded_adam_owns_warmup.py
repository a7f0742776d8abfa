"""ZeRO-1 style sharded Adam with built-in warmup and per-rank checkpoint shards."""
import os
import tempfile

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.optim.lr_scheduler import LambdaLR

CFG = {"lr": 2e-3, "warmup_steps": 4, "steps": 8, "runs": 2}


def linear_warmup(warmup_steps):
    def factor(step):
        return min(1.0, (step + 1) / warmup_steps)
    return factor


class ShardedAdam(torch.optim.Optimizer):
    def __init__(self, params, lr, warmup_steps, betas=(0.9, 0.999), weight_decay=0.0):
        super().__init__(params, dict(lr=lr, betas=betas, weight_decay=weight_decay))
        self.rank, self.world_size = dist.get_rank(), dist.get_world_size()
        self.owner = self._partition()
        local = [p for g in self.param_groups for p in g["params"] if self.owner[p] == self.rank]
        self.local_optim = torch.optim.Adam(local, lr=lr, betas=betas, weight_decay=weight_decay)
        self.warmup = LambdaLR(self, lr_lambda=linear_warmup(warmup_steps))  # cycle

    def _partition(self):
        loads = [0] * self.world_size
        owner = {}
        params = [p for g in self.param_groups for p in g["params"]]
        for p in sorted(params, key=lambda t: t.numel(), reverse=True):
            r = loads.index(min(loads))
            owner[p] = r
            loads[r] += p.numel()
        return owner

    @torch.no_grad()
    def step(self, closure=None):
        lr = self.param_groups[0]["lr"]
        for group in self.local_optim.param_groups:
            group["lr"] = lr
        self.local_optim.step()
        for group in self.param_groups:
            for p in group["params"]:
                dist.broadcast(p, src=self.owner[p])
        self.warmup.step()

    def shard_state_dict(self):
        return {"rank": self.rank, "local": self.local_optim.state_dict(),
                "warmup": self.warmup.state_dict()}


def save_shards(optimizer, model, ckpt_dir, step):
    path = os.path.join(ckpt_dir, f"step{step:05d}-rank{optimizer.rank}.pt")
    payload = {"optim_shard": optimizer.shard_state_dict()}
    if optimizer.rank == 0:
        payload["model"] = model.state_dict()
    torch.save(payload, path)
    return path


def main():
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    try:
        with tempfile.TemporaryDirectory() as ckpt_dir:
            for run in range(CFG["runs"]):
                model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 5))
                optimizer = ShardedAdam(model.parameters(), lr=CFG["lr"], warmup_steps=CFG["warmup_steps"])
                for step in range(CFG["steps"]):
                    x = torch.randn(32, 20)
                    loss = nn.functional.cross_entropy(model(x), x[:, :5].argmax(1))
                    optimizer.zero_grad()
                    loss.backward()
                    optimizer.step()
                path = save_shards(optimizer, model, ckpt_dir, step)
                print(f"run {run}: loss {loss.item():.4f}, lr {optimizer.param_groups[0]['lr']:.2e}, "
                      f"shard {os.path.basename(path)}")
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
