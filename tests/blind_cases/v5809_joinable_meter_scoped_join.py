"""DDP with uneven shards; throughput counters are all-reduced every step under a per-epoch Join."""
import torch
import torch.distributed as dist
import torch.nn as nn
from torch.distributed.algorithms.join import Join, Joinable, JoinHook
from torch.nn.parallel import DistributedDataParallel as DDP

CFG = {"epochs": 3, "batch": 6, "lr": 0.1, "samples": 40}


class _ThroughputShadow(JoinHook):
    def __init__(self, trainer):
        self.trainer = trainer

    def main_hook(self):
        dist.all_reduce(torch.zeros(2), group=self.trainer.join_process_group)

    def post_hook(self, is_last_joiner):
        self.trainer.epoch_log.append(dict(self.trainer.counters, last_joiner=is_last_joiner))


class ThroughputTrainer(Joinable):
    def __init__(self, model):
        super().__init__()
        self.ddp = DDP(model)
        self.optimizer = torch.optim.SGD(self.ddp.parameters(), lr=CFG["lr"], momentum=0.9)
        self.counters = {"samples": 0, "batches": 0}
        self.epoch_log = []

    def join_hook(self, **kwargs):
        return _ThroughputShadow(self)

    @property
    def join_device(self):
        return torch.device("cpu")

    @property
    def join_process_group(self):
        return dist.group.WORLD

    def count(self, n):
        Join.notify_join_context(self)
        t = torch.tensor([float(n), 1.0])
        dist.all_reduce(t, group=self.join_process_group)
        self.counters["samples"] += int(t[0])
        self.counters["batches"] += int(t[1])

    def train_batch(self, xb, yb):
        loss = nn.functional.nll_loss(self.ddp(xb).log_softmax(-1), yb)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.count(len(xb))


def run_epoch(trainer, x, y):
    with Join([trainer.ddp, trainer], divide_by_initial_world_size=False):
        for start in range(0, len(x), CFG["batch"]):
            trainer.train_batch(x[start:start + CFG["batch"]], y[start:start + CFG["batch"]])


def main():
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    try:
        rank, world = dist.get_rank(), dist.get_world_size()
        x = torch.randn(CFG["samples"] + rank, 12)
        y = (x[:, :4].sum(1) > 0).long()
        trainer = ThroughputTrainer(nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 2)))
        for _ in range(CFG["epochs"]):
            run_epoch(trainer, x[rank::world], y[rank::world])
        print(trainer.epoch_log[-1])
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
