"""Experience replay on a class-incremental split stream (two classes per task)."""
import torch
import torch.nn as nn

from memory import ClassBalancedReservoir

CFG = {"n_tasks": 3, "classes_per_task": 2, "in_dim": 20, "batches_per_task": 12,
       "batch_size": 10, "replay_size": 10, "memory": 40, "lr": 0.05}


def split_stream(cfg, seed=0):
    g = torch.Generator().manual_seed(seed)
    n_classes = cfg["n_tasks"] * cfg["classes_per_task"]
    protos = torch.randn(n_classes, cfg["in_dim"], generator=g) * 0.6
    for task in range(cfg["n_tasks"]):
        classes = torch.arange(task * cfg["classes_per_task"], (task + 1) * cfg["classes_per_task"])
        batches = []
        for _ in range(cfg["batches_per_task"]):
            y = classes[torch.randint(0, len(classes), (cfg["batch_size"],), generator=g)]
            batches.append((protos[y] + torch.randn(len(y), cfg["in_dim"], generator=g), y))
        yield task, batches


class ERLearner:
    def __init__(self, cfg):
        self.cfg = cfg
        n_classes = cfg["n_tasks"] * cfg["classes_per_task"]
        self.model = nn.Sequential(nn.Linear(cfg["in_dim"], 64), nn.ReLU(), nn.Linear(64, n_classes))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"])
        self.memory = ClassBalancedReservoir(cfg["memory"])
        self.seen_tasks = []

    def observe(self, task, x, y):
        if len(self.memory) > 0:
            mx, my = self.memory.sample(self.cfg["replay_size"])
            x, y = torch.cat([x, mx]), torch.cat([y, my])
        loss = nn.functional.cross_entropy(self.model(x), y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        for xi, yi in zip(x[: self.cfg["batch_size"]], y[: self.cfg["batch_size"]]):
            self.memory.add(xi, yi, task)
        return loss.item()

    @torch.no_grad()
    def accuracy(self, batches):
        correct = total = 0
        for x, y in batches:
            correct += int((self.model(x).argmax(1) == y).sum())
            total += len(y)
        return correct / total


def main():
    learner = ERLearner(CFG)
    history = []
    for task, batches in split_stream(CFG):
        for x, y in batches:
            learner.observe(task, x, y)
        history.append(batches)
        accs = [learner.accuracy(b) for b in history]
        print(f"task {task}: accs {[round(a, 2) for a in accs]} memory {learner.memory.class_histogram()}")


if __name__ == "__main__":
    main()
