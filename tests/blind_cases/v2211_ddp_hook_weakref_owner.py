"""DDP (gloo, CPU) with a gradient-accumulation-aware comm hook that reaches its wrapper weakly."""
import weakref
from dataclasses import dataclass

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel


@dataclass
class SyncState:
    micro_batches: int
    synced_buckets: int = 0
    skipped_scale: float = 1.0


def scaled_allreduce_hook(ddp_model):
    """Averages across ranks and micro-batches; the wrapper is looked up through a weak reference."""
    ddp_ref = weakref.ref(ddp_model)

    def hook(state, bucket):
        ddp = ddp_ref()
        group = ddp.process_group if ddp is not None else None
        denom = dist.get_world_size(group) * state.micro_batches
        state.synced_buckets += 1
        fut = dist.all_reduce(bucket.buffer().div_(denom), group=group, async_op=True).get_future()
        return fut.then(lambda f: f.value()[0])

    return hook


class AccumulatingTrainer:
    def __init__(self, micro_batches=2, lr=0.05):
        self.micro_batches = micro_batches
        net = nn.Sequential(nn.Linear(10, 24), nn.GELU(), nn.Linear(24, 2))
        self.ddp = DistributedDataParallel(net)
        self.state = SyncState(micro_batches)
        self.ddp.register_comm_hook(self.state, scaled_allreduce_hook(self.ddp))
        self.opt = torch.optim.SGD(self.ddp.parameters(), lr=lr)

    def optimizer_step(self, chunks):
        self.opt.zero_grad()
        for i, (x, y) in enumerate(chunks):
            last = i == len(chunks) - 1
            if last:
                loss = nn.functional.cross_entropy(self.ddp(x), y)
                loss.backward()
            else:
                with self.ddp.no_sync():
                    loss = nn.functional.cross_entropy(self.ddp(x), y)
                    loss.backward()
        self.opt.step()
        return loss.item()


def main():
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    try:
        for run in range(2):
            torch.manual_seed(run)
            trainer = AccumulatingTrainer()
            for _ in range(3):
                chunks = [(torch.randn(6, 10), torch.randint(0, 2, (6,))) for _ in range(trainer.micro_batches)]
                trainer.optimizer_step(chunks)
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
