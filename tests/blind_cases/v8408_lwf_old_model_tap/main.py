"""Task-incremental training over a short sequence of synthetic tasks with LwF."""
import torch

from lwf import LwFLearner
from nets import MultiHeadNet

TASKS = [{"n_classes": 3, "seed": 1}, {"n_classes": 2, "seed": 2}, {"n_classes": 4, "seed": 3}]
CFG = {"in_dim": 10, "epochs": 2, "batches": 5, "batch_size": 16}


def make_task(n_classes, seed, cfg):
    g = torch.Generator().manual_seed(seed)
    w = torch.randn(cfg["in_dim"], n_classes, generator=g)
    batches = []
    for _ in range(cfg["batches"]):
        x = torch.randn(cfg["batch_size"], cfg["in_dim"], generator=g)
        batches.append((x, (x @ w).argmax(1)))
    return batches


@torch.no_grad()
def evaluate(model, tasks):
    accs = []
    for t, batches in enumerate(tasks):
        correct = sum(int((model(x)[t].argmax(1) == y).sum()) for x, y in batches)
        accs.append(correct / sum(len(y) for _, y in batches))
    return accs


def main():
    torch.manual_seed(0)
    learner = LwFLearner(MultiHeadNet(CFG["in_dim"]))
    seen = []
    for spec in TASKS:
        batches = make_task(spec["n_classes"], spec["seed"], CFG)
        learner.begin_task(spec["n_classes"])
        for epoch in range(CFG["epochs"]):
            losses = [learner.step(x, y) for x, y in batches]
        learner.end_task()
        seen.append(batches)
        print(f"after task {len(seen) - 1}: last loss {losses[-1]:.3f}, accs {evaluate(learner.model, seen)}")


if __name__ == "__main__":
    main()
