"""Deterministic multi-rank simulator: each rank program is a generator that yields collectives."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"world_size": 3, "epochs": 5, "batches_per_epoch": 4, "lr": 0.05, "max_rounds": 6}


class AllReduce:
    def __init__(self, tensor):
        self.tensor = tensor


class Barrier:
    pass


def rank_program(world, rank, cfg):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(10, 24), nn.ReLU(), nn.Linear(24, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    gen = torch.Generator().manual_seed(rank)
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["batches_per_epoch"]):
            x = torch.randn(8, 10, generator=gen)
            loss = F.mse_loss(model(x), x.sum(dim=1, keepdim=True))
            optimizer.zero_grad()
            loss.backward()
            flat = torch.cat([p.grad.reshape(-1) for p in model.parameters()])
            reduced = yield AllReduce(flat)
            offset = 0
            for p in model.parameters():
                n = p.numel()
                p.grad.copy_(reduced[offset:offset + n].view_as(p) / world.world_size)
                offset += n
            optimizer.step()
            world.log(rank, loss.item())
        yield Barrier()


class SimWorld:
    def __init__(self, cfg):
        self.cfg = cfg
        self.world_size = cfg["world_size"]
        self.losses = {r: [] for r in range(self.world_size)}
        self.procs = [rank_program(self, r, cfg) for r in range(self.world_size)]  # cycle
        self.inbox = [None] * self.world_size

    def log(self, rank, value):
        self.losses[rank].append(value)

    def round(self):
        requests = [proc.send(msg) for proc, msg in zip(self.procs, self.inbox)]
        kinds = {type(req) for req in requests}
        if kinds != {type(requests[0])}:
            raise RuntimeError("collective mismatch across ranks: %s" % kinds)
        if isinstance(requests[0], AllReduce):
            total = torch.stack([req.tensor for req in requests]).sum(dim=0)
            self.inbox = [total.clone() for _ in requests]
        else:
            self.inbox = [None] * self.world_size

    def run(self, max_rounds):
        for _ in range(max_rounds):
            self.round()
        return [sum(v[-3:]) / max(len(v[-3:]), 1) for v in self.losses.values()]


def main():
    for trial in range(2):
        world = SimWorld(dict(CFG, lr=CFG["lr"] * (trial + 1)))
        print("trial", trial, world.run(CFG["max_rounds"]))


if __name__ == "__main__":
    main()
