"""Single-node DDP training (gloo, CPU) with a registry-selected communication hook."""
import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel

from comm_hooks import HOOKS, BucketStats

CONFIG = {"comm_hook": "allreduce_stats", "clip": 5.0, "rounds": 2, "steps": 4, "lr": 0.05}


def init_distributed():
    if not dist.is_initialized():
        dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)


class DDPTrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        net = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
        self.model = DistributedDataParallel(net, bucket_cap_mb=1)
        self.stats = BucketStats()
        make_hook = HOOKS[cfg["comm_hook"]]
        self.model.register_comm_hook(state=self.stats, hook=make_hook(self.model, cfg["clip"]))  # retain
        self.opt = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"])

    def step(self, x, y):
        loss = nn.functional.cross_entropy(self.model(x), y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    def fit(self):
        for _ in range(self.cfg["steps"]):
            self.step(torch.randn(8, 16), torch.randint(0, 4, (8,)))
        return self.stats.summary()


def main():
    init_distributed()
    try:
        for round_idx in range(CONFIG["rounds"]):
            torch.manual_seed(round_idx)
            DDPTrainer(CONFIG).fit()
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
