"""Sweep over head architectures on top of a small shared-width encoder."""
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

from zoo import build_head

SWEEP = {"kind": ["mlp", "gated"], "depth": [1, 2]}
BASE = {"width": 16, "n_out": 4, "steps": 3, "lr": 0.05}


class Classifier(nn.Module):
    def __init__(self, spec):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(10, spec["width"]), nn.Tanh())
        self.heads = nn.ModuleDict({"main": build_head(spec), "aux": build_head(dict(spec, n_out=2))})

    def forward(self, x):
        h = self.encoder(x)
        return self.heads["main"](h), self.heads["aux"](h)


def run_trial(spec):
    model = Classifier(spec)
    opt = torch.optim.SGD(model.parameters(), lr=spec["lr"], momentum=0.9)
    for _ in range(spec["steps"]):
        x = torch.randn(32, 10)
        y, y_aux = torch.randint(0, 4, (32,)), (x[:, 0] > 0).long()
        logits, aux = model(x)
        loss = F.cross_entropy(logits, y) + 0.3 * F.cross_entropy(aux, y_aux)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    results = {}
    for kind, depth in itertools.product(SWEEP["kind"], SWEEP["depth"]):
        spec = dict(BASE, kind=kind, depth=depth)
        results[(kind, depth)] = run_trial(spec)
    best = min(results, key=results.get)
    print("best head:", best, "loss %.3f" % results[best])


if __name__ == "__main__":
    main()
