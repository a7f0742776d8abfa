"""Class-incremental experience replay with a reservoir memory, one stream per seed."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from memory import ReservoirMemory

CFG = {"in_dim": 10, "classes_per_task": 2, "tasks": 4, "steps": 5, "batch": 20,
       "replay_batch": 20, "memory": 40, "lr": 0.05, "seeds": [0, 1]}


def class_incremental_stream(cfg, gen):
    centers = torch.randn(cfg["tasks"] * cfg["classes_per_task"], cfg["in_dim"], generator=gen) * 3
    for t in range(cfg["tasks"]):
        lo = t * cfg["classes_per_task"]
        batches = []
        for _ in range(cfg["steps"]):
            y = torch.randint(lo, lo + cfg["classes_per_task"], (cfg["batch"],), generator=gen)
            batches.append((centers[y] + torch.randn(cfg["batch"], cfg["in_dim"], generator=gen), y))
        yield t, batches


def run(seed, cfg):
    gen = torch.Generator().manual_seed(seed)
    n_classes = cfg["tasks"] * cfg["classes_per_task"]
    model = nn.Sequential(nn.Linear(cfg["in_dim"], 32), nn.ReLU(), nn.Linear(32, n_classes))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    memory = ReservoirMemory(cfg["memory"], cfg["in_dim"], seed=seed)
    for t, batches in class_incremental_stream(cfg, gen):
        for x, y in batches:
            inputs, targets = x, y
            if memory.size:
                mx, my, _ = memory.sample(cfg["replay_batch"])
                inputs, targets = torch.cat([x, mx]), torch.cat([y, my])
            loss = F.cross_entropy(model(inputs), targets)
            opt.zero_grad()
            loss.backward()
            opt.step()
            memory.observe(x, y, t)
        print(f"seed {seed} task {t}: loss {loss.item():.3f} memory per task {memory.task_histogram()}")


def main():
    for seed in CFG["seeds"]:
        run(seed, CFG)


if __name__ == "__main__":
    main()
