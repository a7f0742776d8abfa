"""Task-incremental learner: a shared trunk plus one head per task, all in one optimizer.

Heads of earlier tasks keep training on replayed data with a learning rate that decays
with the age of the task."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"in_dim": 14, "feat": 24, "tasks": [3, 2, 4], "steps": 4, "batch": 16,
       "lr": 0.05, "head_decay": 0.5, "seeds": [0, 1]}


class TaskIncrementalLearner:
    def __init__(self, cfg):
        self.cfg = cfg
        self.trunk = nn.Sequential(nn.Linear(cfg["in_dim"], cfg["feat"]), nn.ReLU())
        self.heads = nn.ModuleList()
        self.task = -1
        self.optimizer = torch.optim.SGD(self.trunk.parameters(), lr=cfg["lr"], momentum=0.9)  # cycle

    def add_task(self, n_classes):
        self.task += 1
        t = self.task
        head = nn.Linear(self.cfg["feat"], n_classes)
        self.heads.append(head)
        self.optimizer.add_param_group({  # cycle
            "params": head.parameters(),
            "task": t,
            "lr_fn": lambda: self.cfg["lr"] * self.cfg["head_decay"] ** (self.task - t),  # cycle
        })
        for group in self.optimizer.param_groups[1:]:
            group["lr"] = group["lr_fn"]()

    def loss(self, batches):
        total = 0.0
        for t, (x, y) in batches.items():
            total = total + F.cross_entropy(self.heads[t](self.trunk(x)), y)
        return total / len(batches)

    def train_task(self, data, replay):
        for step, (x, y) in enumerate(data):
            batches = {self.task: (x, y)}
            for t, old in replay.items():
                batches[t] = old[step % len(old)]
            loss = self.loss(batches)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
        return loss.item()


def make_task(n_classes, gen, cfg):
    w = torch.randn(cfg["in_dim"], n_classes, generator=gen)
    data = []
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], cfg["in_dim"], generator=gen)
        data.append((x, (x @ w).argmax(1)))
    return data


def main():
    for seed in CFG["seeds"]:
        gen = torch.Generator().manual_seed(seed)
        learner = TaskIncrementalLearner(CFG)
        replay = {}
        for t, n_classes in enumerate(CFG["tasks"]):
            data = make_task(n_classes, gen, CFG)
            learner.add_task(n_classes)
            last = learner.train_task(data, replay)
            replay[t] = data[:2]
            lrs = [round(g["lr"], 4) for g in learner.optimizer.param_groups]
            print(f"seed {seed} task {t}: loss {last:.3f} lrs {lrs}")


if __name__ == "__main__":
    main()
