"""Multi-task regression loss with learned per-task weighting.

Each task term is a small slotted object that knows which criterion it
belongs to and which of the criterion's methods computes its raw loss.
"""
import weakref

import torch
import torch.nn as nn


class LossTerm:
    __slots__ = ("name", "index", "_owner", "_raw", "__weakref__")

    def __init__(self, owner, name, index):
        self.name = name
        self.index = index
        self._owner = weakref.ref(owner)
        self._raw = weakref.WeakMethod(getattr(owner, "_" + name))

    def __call__(self, pred, target):
        owner, raw = self._owner(), self._raw()
        log_var = owner.log_vars[self.index]
        return torch.exp(-log_var) * raw(pred, target) + log_var


class MultiTaskLoss(nn.Module):
    def __init__(self, tasks):
        super().__init__()
        self.log_vars = nn.Parameter(torch.zeros(len(tasks)))
        self.terms = [LossTerm(self, name, i) for i, name in enumerate(tasks)]

    def _mse(self, pred, target):
        return nn.functional.mse_loss(pred, target)

    def _l1(self, pred, target):
        return nn.functional.l1_loss(pred, target)

    def _huber(self, pred, target):
        return nn.functional.smooth_l1_loss(pred, target)

    def forward(self, preds, targets):
        return sum(term(p, t) for term, p, t in zip(self.terms, preds, targets))


class TwoHeadNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(6, 32), nn.ReLU())
        self.heads = nn.ModuleList([nn.Linear(32, 1), nn.Linear(32, 1)])

    def forward(self, x):
        h = self.trunk(x)
        return [head(h) for head in self.heads]


def run(tasks, steps=5):
    model, criterion = TwoHeadNet(), MultiTaskLoss(tasks)
    opt = torch.optim.Adam(list(model.parameters()) + list(criterion.parameters()), lr=1e-2)
    for _ in range(steps):
        x = torch.randn(16, 6)
        targets = [x.sum(1, keepdim=True), x[:, :1].abs()]
        loss = criterion(model(x), targets)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item(), criterion.log_vars.detach().tolist()


def main():
    for tasks in (("mse", "l1"), ("huber", "mse")):
        loss, log_vars = run(tasks)
        print(tasks, "loss %.3f" % loss, ["%.3f" % v for v in log_vars])


if __name__ == "__main__":
    main()
