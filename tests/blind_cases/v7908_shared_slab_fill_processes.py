"""Loader whose worker processes write batches into a shared-memory slab of reusable slots."""
import multiprocessing as mp

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"rows": 256, "features": 16, "classes": 4, "batch_size": 32, "slots": 3, "workers": 2,
          "epochs": 2, "lr": 0.05, "noise": 0.05}


class SharedSlabLoader:
    def __init__(self, x, y, batch_size, slots, workers, noise):
        self.x, self.y = x, y
        self.batch_size = batch_size
        self.workers = workers
        self.noise = noise
        self.ctx = mp.get_context("fork")
        self.slab_x = torch.zeros(slots, batch_size, x.shape[1]).share_memory_()
        self.slab_y = torch.zeros(slots, batch_size, dtype=torch.long).share_memory_()
        self.slots = slots
        self._procs = []
        self.epoch = 0

    def _fill_loop(self, rank, tasks, free, ready):
        g = torch.Generator().manual_seed(1000 * self.epoch + rank)
        for batch_idx, idx in iter(tasks.get, None):
            slot = free.get()
            xb = self.x[idx]
            self.slab_x[slot].copy_(xb + self.noise * torch.randn(xb.shape, generator=g))
            self.slab_y[slot].copy_(self.y[idx])
            ready.put((batch_idx, slot))

    def __len__(self):
        return len(self.x) // self.batch_size

    def __iter__(self):
        tasks, free, ready = self.ctx.Queue(), self.ctx.Queue(), self.ctx.Queue()
        perm = torch.randperm(len(self.x))
        for b in range(len(self)):
            tasks.put((b, perm[b * self.batch_size:(b + 1) * self.batch_size]))
        for slot in range(self.slots):
            free.put(slot)
        self._procs = [self.ctx.Process(target=self._fill_loop, args=(r, tasks, free, ready), daemon=True)
                       for r in range(self.workers)]
        for p in self._procs:
            p.start()
        try:
            for _ in range(len(self)):
                _, slot = ready.get(timeout=30)
                xb, yb = self.slab_x[slot].clone(), self.slab_y[slot].clone()
                free.put(slot)
                yield xb, yb
        finally:
            for _ in self._procs:
                tasks.put(None)
            for p in self._procs:
                p.join(timeout=10)
            self.epoch += 1


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    x = torch.randn(cfg["rows"], cfg["features"])
    y = (x[:, :cfg["classes"]] * 2).argmax(1)
    loader = SharedSlabLoader(x, y, cfg["batch_size"], cfg["slots"], cfg["workers"], cfg["noise"])
    model = nn.Sequential(nn.Linear(cfg["features"], 32), nn.ReLU(), nn.Linear(32, cfg["classes"]))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    for epoch in range(cfg["epochs"]):
        total = 0.0
        for xb, yb in loader:
            loss = F.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        alive = sum(p.is_alive() for p in loader._procs)
        print(f"epoch {epoch}: loss {total / len(loader):.4f}, workers alive {alive}")


if __name__ == "__main__":
    main()
