"""Task-incremental learner with per-head param groups whose learning rate decays with task age."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"in_dim": 14, "feat": 24, "tasks": [3, 2, 4], "steps": 4, "batch": 16,
       "lr": 0.05, "head_decay": 0.5, "seeds": [0, 1]}


def age_decayed_lr(base_lr, decay, current_task, group_task):
    return base_lr * decay ** (current_task - group_task)


class MultiHeadLearner:
    def __init__(self, cfg):
        self.cfg = cfg
        self.trunk = nn.Sequential(nn.Linear(cfg["in_dim"], cfg["feat"]), nn.ReLU())
        self.heads = nn.ModuleList()
        self.task = -1
        self.optimizer = torch.optim.SGD(self.trunk.parameters(), lr=cfg["lr"], momentum=0.9)

    def add_task(self, n_classes):
        self.task += 1
        head = nn.Linear(self.cfg["feat"], n_classes)
        self.heads.append(head)
        self.optimizer.add_param_group({"params": head.parameters(), "task": self.task})
        for group in self.optimizer.param_groups[1:]:
            group["lr"] = age_decayed_lr(self.cfg["lr"], self.cfg["head_decay"], self.task, group["task"])

    def train_task(self, data, replay):
        for step, (x, y) in enumerate(data):
            loss = F.cross_entropy(self.heads[self.task](self.trunk(x)), y)
            for t, old in replay.items():
                ox, oy = old[step % len(old)]
                loss = loss + F.cross_entropy(self.heads[t](self.trunk(ox)), oy)
            loss = loss / (1 + len(replay))
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
        learner = MultiHeadLearner(CFG)
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
