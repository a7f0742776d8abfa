"""Data-parallel training with hand-rolled bucketed gradient averaging and collective deadlines."""
import torch
import torch.distributed as dist
import torch.nn as nn
from torch._utils import _flatten_dense_tensors, _unflatten_dense_tensors

from deadlines import install_straggler_reports, timed_all_reduce

CFG = {"bucket_cap": 600, "allreduce_deadline_s": 5.0, "steps": 6, "lr": 0.02}


def make_buckets(params, cap):
    buckets, current, size = [], [], 0
    for p in reversed(list(params)):
        current.append(p)
        size += p.numel()
        if size >= cap:
            buckets.append(current)
            current, size = [], 0
    if current:
        buckets.append(current)
    return buckets


class DataParallelTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
        self.buckets = make_buckets(model.parameters(), cfg["bucket_cap"])
        self.global_step = 0
        install_straggler_reports(self)

    def average_gradients(self):
        world = dist.get_world_size()
        for i, bucket in enumerate(self.buckets):
            grads = [p.grad for p in bucket]
            flat = _flatten_dense_tensors(grads)
            timed_all_reduce(flat, f"grad-bucket-{i}", self.cfg["allreduce_deadline_s"])
            flat.div_(world)
            for g, reduced in zip(grads, _unflatten_dense_tensors(flat, grads)):
                g.copy_(reduced)

    def train_step(self, x, y):
        loss = nn.functional.smooth_l1_loss(self.model(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        self.average_gradients()
        self.optimizer.step()
        self.global_step += 1
        return loss.item()


def main():
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    try:
        model = nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 32), nn.GELU(), nn.Linear(32, 4))
        trainer = DataParallelTrainer(model, CFG)
        for _ in range(CFG["steps"]):
            x = torch.randn(8, 16)
            last = trainer.train_step(x, x[:, :4].cumsum(1))
        print(f"final loss {last:.4f}")
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
