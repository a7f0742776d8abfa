"""Rank workers of one generation, synchronised through an in-process group."""
import threading

import torch
import torch.nn as nn
import torch.nn.functional as F


class WorkerCrashed(RuntimeError):
    pass


class SimGroup:
    def __init__(self, world_size):
        self.world_size = world_size
        self.barrier = threading.Barrier(world_size)
        self.slots = [None] * world_size
        self.failed = threading.Event()
        self.errors = []

    def report_failure(self, rank, message):
        self.errors.append((rank, message))
        self.failed.set()

    def allreduce_mean(self, rank, flat):
        self.slots[rank] = flat
        self.barrier.wait()
        mean = torch.stack(self.slots).mean(dim=0)
        self.barrier.wait()
        return mean


class RankWorker:
    def __init__(self, rank, group, cfg, fault_step=None):
        torch.manual_seed(cfg["seed"])
        self.rank = rank
        self.group = group
        self.cfg = cfg
        self.fault_step = fault_step
        self.model = nn.Sequential(nn.Linear(cfg["in_dim"], 48), nn.SiLU(), nn.Linear(48, 3))
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=cfg["lr"])
        self.gen = torch.Generator().manual_seed(cfg["seed"] * 100 + rank)

    def step(self):
        x = torch.randn(self.cfg["batch"], self.cfg["in_dim"], generator=self.gen)
        loss = F.cross_entropy(self.model(x), x[:, :3].argmax(dim=1))
        self.optimizer.zero_grad()
        loss.backward()
        flat = torch.cat([p.grad.reshape(-1) for p in self.model.parameters()])
        mean = self.group.allreduce_mean(self.rank, flat)
        offset = 0
        for p in self.model.parameters():
            p.grad.copy_(mean[offset:offset + p.numel()].view_as(p))
            offset += p.numel()
        self.optimizer.step()
        return loss.item()

    def run(self):
        try:
            for step in range(self.cfg["steps"]):
                if step == self.fault_step:
                    raise WorkerCrashed(f"rank {self.rank} lost its device at step {step}")
                self.step()
            return "done"
        except WorkerCrashed as exc:
            self.group.report_failure(self.rank, str(exc))
            return "failed"
        except threading.BrokenBarrierError:
            return "aborted"
