"""Trainer that keeps the best model by deep copy; validation also records activation statistics."""
import copy
import functools

import torch
import torch.nn as nn

CFG = {"epochs": 3, "steps": 4, "val_batches": 2, "lr": 1e-2}


class ActivationStats:
    def __init__(self, model, layer_types=(nn.GELU,)):
        self.model = model  # cycle
        self.sparsity = {}
        self._handles = [
            m.register_forward_hook(functools.partial(self._record, name))  # cycle
            for name, m in model.named_modules() if isinstance(m, layer_types)
        ]

    def _record(self, name, module, inputs, output):
        self.sparsity.setdefault(name, []).append((output.detach().abs() < 1e-2).float().mean().item())

    def close(self):
        for h in self._handles:
            h.remove()
        self._handles = []
        return {k: sum(v) / len(v) for k, v in self.sparsity.items()}


class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"], momentum=0.9)
        self.best_acc = -1.0
        self.best_model = None
        self.history = []

    def train_epoch(self):
        self.model.train()
        for _ in range(CFG["steps"]):
            x, y = torch.randn(16, 10), torch.randint(0, 3, (16,))
            loss = nn.functional.cross_entropy(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        stats = ActivationStats(self.model)
        correct = total = 0
        for _ in range(CFG["val_batches"]):
            x, y = torch.randn(32, 10), torch.randint(0, 3, (32,))
            correct += (self.model(x).argmax(-1) == y).sum().item()
            total += y.numel()
        acc = correct / total
        if acc > self.best_acc:
            self.best_acc = acc
            self.best_model = copy.deepcopy(self.model)  # cycle
        self.history.append({"acc": acc, "sparsity": stats.close()})
        return acc

    def fit(self):
        for epoch in range(CFG["epochs"]):
            self.train_epoch()
            acc = self.validate()
            print(f"epoch {epoch}: val acc {acc:.3f} (best {self.best_acc:.3f})")
        return self.best_model


def main():
    model = nn.Sequential(nn.Linear(10, 32), nn.GELU(), nn.Linear(32, 32), nn.GELU(), nn.Linear(32, 3))
    best = Trainer(model).fit()
    with torch.no_grad():
        print("best model logits:", best(torch.randn(2, 10)).shape)


if __name__ == "__main__":
    main()
