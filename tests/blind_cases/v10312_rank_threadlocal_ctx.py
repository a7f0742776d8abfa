"""Thread-per-rank data parallel simulation with an ambient per-thread rank context."""
import threading

import torch
import torch.nn as nn
import torch.nn.functional as F

_RANK_CTX = threading.local()


def current_rank():
    return getattr(_RANK_CTX, "rank", 0)


def current_worker():
    return getattr(_RANK_CTX, "worker", None)


def rank_zero_log(msg, sink):
    if current_rank() == 0:
        sink.append(msg)


class Worker:
    def __init__(self, rank, world, lr):
        torch.manual_seed(0)
        self.rank = rank
        self.world = world
        self.model = nn.Sequential(nn.Linear(12, 32), nn.Tanh(), nn.Linear(32, 1))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=lr)
        self.gen = torch.Generator().manual_seed(rank)


def allreduce_grads():
    worker = current_worker()
    world = worker.world
    flat = torch.cat([p.grad.reshape(-1) for p in worker.model.parameters()])
    world.slots[worker.rank] = flat
    world.barrier.wait()
    mean = torch.stack(world.slots).mean(dim=0)
    world.barrier.wait()
    offset = 0
    for p in worker.model.parameters():
        p.grad.copy_(mean[offset:offset + p.numel()].view_as(p))
        offset += p.numel()


class ThreadWorld:
    def __init__(self, world_size, cfg):
        self.world_size = world_size
        self.cfg = cfg
        self.barrier = threading.Barrier(world_size)
        self.slots = [None] * world_size
        self.logs = []
        self.threads = []

    def _rank_main(self, rank):
        worker = Worker(rank, self, self.cfg["lr"])
        _RANK_CTX.rank = rank
        _RANK_CTX.worker = worker
        for step in range(self.cfg["steps"]):
            x = torch.randn(8, 12, generator=worker.gen)
            loss = F.mse_loss(worker.model(x), x[:, :2].sum(dim=1, keepdim=True))
            worker.optimizer.zero_grad()
            loss.backward()
            allreduce_grads()
            worker.optimizer.step()
            rank_zero_log(f"step {step} loss {loss.item():.4f}", self.logs)

    def launch(self):
        for rank in range(self.world_size):
            t = threading.Thread(target=self._rank_main, args=(rank,), name=f"rank{rank}")
            t.start()
            self.threads.append(t)
        for t in self.threads:
            t.join()
        return self.logs


def main():
    cfg = {"lr": 0.05, "steps": 4}
    for world_size in (2, 4):
        world = ThreadWorld(world_size, cfg)
        logs = world.launch()
        print(world_size, logs[-1], [t.is_alive() for t in world.threads])


if __name__ == "__main__":
    main()
