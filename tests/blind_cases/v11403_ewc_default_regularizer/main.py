"""Domain-incremental training with EWC over a stream of permuted-feature tasks."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from regularizers import EWC

STREAM = {"n_tasks": 3, "in_dim": 24, "n_classes": 4, "epochs": 2, "batch": 16}


def permuted_task(task_id, seed, n=96):
    g = torch.Generator().manual_seed(1000 * seed + task_id)
    perm = torch.randperm(STREAM["in_dim"], generator=g)
    y = torch.randint(0, STREAM["n_classes"], (n,), generator=g)
    protos = torch.randn(STREAM["n_classes"], STREAM["in_dim"], generator=torch.Generator().manual_seed(seed))
    x = (protos[y] + 0.5 * torch.randn(n, STREAM["in_dim"], generator=g))[:, perm]
    return TensorDataset(x, y)


class EWCStrategy:
    def __init__(self, model, lr=0.05, regularizer=EWC(lam=50.0)):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)
        self.reg = regularizer

    def train_experience(self, dataset):
        loader = DataLoader(dataset, batch_size=STREAM["batch"], shuffle=True)
        self.model.train()
        for epoch in range(STREAM["epochs"]):
            for x, y in loader:
                loss = F.cross_entropy(self.model(x), y) + self.reg.penalty(self.model)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
        self.reg.consolidate(self.model, loader)
        return loss.item()

    @torch.no_grad()
    def accuracy(self, dataset):
        x, y = dataset.tensors
        return (self.model(x).argmax(1) == y).float().mean().item()


def run_stream(seed):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(STREAM["in_dim"], 32), nn.ReLU(), nn.Linear(32, STREAM["n_classes"]))
    strategy = EWCStrategy(model)
    tasks = [permuted_task(t, seed) for t in range(STREAM["n_tasks"])]
    for t, task in enumerate(tasks):
        strategy.train_experience(task)
    return [strategy.accuracy(task) for task in tasks]


def main():
    for seed in (0, 1):
        accs = run_stream(seed)
        print(f"seed {seed}: final accuracies {[round(a, 3) for a in accs]}")


if __name__ == "__main__":
    main()
