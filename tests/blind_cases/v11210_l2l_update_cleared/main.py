"""N-way K-shot classification with the MAML wrapper, learn2learn example style."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from maml import MAML

CFG = {"ways": 5, "shots": 1, "dim": 32, "adaptation_steps": 2, "fast_lr": 0.4,
       "meta_lr": 3e-3, "meta_batch_size": 4, "iterations": 3}


class TaskGenerator:
    def __init__(self, ways, shots, dim, seed=0):
        self.ways, self.shots, self.dim = ways, shots, dim
        self.gen = torch.Generator().manual_seed(seed)

    def sample(self):
        protos = torch.randn(self.ways, self.dim, generator=self.gen)
        labels = torch.arange(self.ways).repeat(2 * self.shots)
        data = protos[labels] + 0.7 * torch.randn(len(labels), self.dim, generator=self.gen)
        return data, labels


def accuracy(logits, targets):
    return (logits.argmax(dim=1) == targets).float().mean()


def fast_adapt(batch, learner, steps, shots, ways):
    data, labels = batch
    adapt_idx = torch.zeros(data.size(0), dtype=torch.bool)
    adapt_idx[: shots * ways] = True
    for _ in range(steps):
        learner.adapt(F.cross_entropy(learner(data[adapt_idx]), labels[adapt_idx]))
    preds = learner(data[~adapt_idx])
    return F.cross_entropy(preds, labels[~adapt_idx]), accuracy(preds, labels[~adapt_idx])


def main():
    torch.manual_seed(0)
    tasks = TaskGenerator(CFG["ways"], CFG["shots"], CFG["dim"])
    model = nn.Sequential(nn.Linear(CFG["dim"], 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(),
                          nn.Linear(64, CFG["ways"]))
    maml = MAML(model, lr=CFG["fast_lr"])
    opt = torch.optim.Adam(maml.parameters(), CFG["meta_lr"])
    for iteration in range(CFG["iterations"]):
        opt.zero_grad()
        train_acc = valid_acc = 0.0
        for _ in range(CFG["meta_batch_size"]):
            learner = maml.clone()
            err, acc = fast_adapt(tasks.sample(), learner, CFG["adaptation_steps"], CFG["shots"], CFG["ways"])
            err.backward()
            train_acc += acc.item()
            learner = maml.clone()
            err, acc = fast_adapt(tasks.sample(), learner, CFG["adaptation_steps"], CFG["shots"], CFG["ways"])
            valid_acc += acc.item()
        for p in maml.parameters():
            p.grad.mul_(1.0 / CFG["meta_batch_size"])
        opt.step()
        n = CFG["meta_batch_size"]
        print(f"iteration {iteration}: train acc {train_acc / n:.2f}  valid acc {valid_acc / n:.2f}")


if __name__ == "__main__":
    main()
