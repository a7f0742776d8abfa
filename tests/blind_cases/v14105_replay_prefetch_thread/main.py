"""Experience replay (ER) over a sequence of domain-shifted tasks."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from replay import RehearsalMemory, ReplayPrefetcher

CFG = {"tasks": 3, "in_dim": 12, "classes": 5, "steps": 6, "batch": 16,
       "replay_batch": 16, "memory": 64, "lr": 0.05}


class ERLearner:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(cfg["in_dim"], 32), nn.ReLU(), nn.Linear(32, cfg["classes"]))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.memory = RehearsalMemory(cfg["memory"], cfg["in_dim"])

    def step(self, x, y, replay=None):
        if replay is not None:
            x = torch.cat([x, replay[0]])
            y = torch.cat([y, replay[1]])
        loss = F.cross_entropy(self.model(x), y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    def learn_task(self, batches):
        if len(self.memory) == 0:
            for x, y in batches:
                self.step(x, y)
                self.memory.add(x, y)
            return
        with ReplayPrefetcher(self.memory, self.cfg["replay_batch"]) as prefetch:
            for x, y in batches:
                self.step(x, y, prefetch.get())
                self.memory.add(x, y)


def domain_task(t, gen, cfg):
    shift = torch.randn(cfg["in_dim"], generator=gen) * t
    w = torch.randn(cfg["in_dim"], cfg["classes"], generator=gen)
    out = []
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], cfg["in_dim"], generator=gen)
        out.append((x + shift, (x @ w).argmax(1)))
    return out


def main():
    gen = torch.Generator().manual_seed(0)
    learner = ERLearner(CFG)
    for t in range(CFG["tasks"]):
        learner.learn_task(domain_task(t, gen, CFG))
        print(f"task {t}: memory holds {len(learner.memory)} samples")


if __name__ == "__main__":
    main()
