"""Layer-wise learning-rate decay described as a tree of stages (root = whole backbone)."""
from dataclasses import InitVar, dataclass, field
from typing import List, Optional

import torch
import torch.nn as nn


@dataclass
class Stage:
    name: str
    modules: List[nn.Module]
    parent: InitVar[Optional["Stage"]] = None
    decay: float = 0.8
    lr_scale: float = field(init=False, default=1.0)
    path: str = field(init=False, default="")
    children: List["Stage"] = field(init=False, default_factory=list)

    def __post_init__(self, parent):
        if parent is None:
            self.path = self.name
        else:
            self.lr_scale = parent.lr_scale * self.decay
            self.path = parent.path + "/" + self.name
            parent.children.append(self)

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


class Backbone(nn.Module):
    def __init__(self, dims=(12, 24, 24, 32)):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.head = nn.Linear(dims[-1], 4)

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return self.head(x)


def build_stages(model):
    root = Stage("head", [model.head])
    parent = root
    for i in reversed(range(len(model.layers))):
        parent = Stage("layer%d" % i, [model.layers[i]], parent=parent)
    return root


def param_groups(root, base_lr):
    groups = []
    for stage in root.walk():
        params = [p for m in stage.modules for p in m.parameters()]
        groups.append({"params": params, "lr": base_lr * stage.lr_scale, "name": stage.path})
    return groups


def main():
    for base_lr in (1e-2, 3e-3):
        model = Backbone()
        root = build_stages(model)
        opt = torch.optim.AdamW(param_groups(root, base_lr), weight_decay=0.01)
        for _ in range(4):
            x = torch.randn(16, 12)
            loss = nn.functional.cross_entropy(model(x), torch.randint(0, 4, (16,)))
            opt.zero_grad()
            loss.backward()
            opt.step()
        print([(g["name"].rsplit("/", 1)[-1], round(g["lr"], 5)) for g in opt.param_groups])


if __name__ == "__main__":
    main()
