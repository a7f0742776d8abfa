"""SGDW / AdamW-style optimizers derived from torch base classes by a class factory.

Follows the "extend_with_decoupled_weight_decay" recipe: the weight decay is
applied to the weights directly (scaled by the group lr) instead of being added
to the gradient, and the extended classes are built once per base class.
"""
import torch
import torch.nn as nn

_EXTENDED = {}


class DecoupledWeightDecay:
    def __init__(self, params, weight_decay=0.0, **kwargs):
        super().__init__(params, **kwargs)
        for group in self.param_groups:
            group.setdefault("decoupled_weight_decay", weight_decay)

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            wd = group["decoupled_weight_decay"]
            if not wd:
                continue
            for p in group["params"]:
                if p.grad is not None:
                    p.mul_(1.0 - group["lr"] * wd)
        return super().step(closure)


def extend_with_decoupled_weight_decay(base_cls):
    cls = _EXTENDED.get(base_cls)
    if cls is None:
        namespace = {"__module__": __name__, "__doc__": base_cls.__name__ + " with decoupled weight decay"}
        cls = type(base_cls.__name__ + "W", (DecoupledWeightDecay, base_cls), namespace)
        _EXTENDED[base_cls] = cls
    return cls


EXPERIMENTS = [
    {"name": "sgdw", "base": torch.optim.SGD, "lr": 0.05, "momentum": 0.9, "wd": 5e-4},
    {"name": "adamw", "base": torch.optim.Adam, "lr": 2e-3, "wd": 1e-2},
    {"name": "sgdw-nesterov", "base": torch.optim.SGD, "lr": 0.05, "momentum": 0.9, "wd": 1e-3, "nesterov": True},
]


def build_optimizer(model, exp):
    opt_cls = extend_with_decoupled_weight_decay(exp["base"])
    kwargs = {k: exp[k] for k in ("lr", "momentum", "nesterov") if k in exp}
    return opt_cls(model.parameters(), weight_decay=exp["wd"], **kwargs)


def train(exp, steps=6):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv1d(3, 8, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(1),
                          nn.Flatten(), nn.Linear(8, 4))
    optimizer = build_optimizer(model, exp)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=3, gamma=0.5)
    losses = []
    for _ in range(steps):
        x = torch.randn(16, 3, 40)
        y = torch.randint(0, 4, (16,))
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        scheduler.step()
        losses.append(loss.item())
    weight_norm = sum(float(p.detach().norm()) for p in model.parameters())
    return {"name": exp["name"], "cls": type(optimizer).__name__, "loss": losses[-1], "norm": weight_norm}


def main():
    for row in (train(exp) for exp in EXPERIMENTS):
        print("%-14s %-5s loss %.3f  |w| %.2f" % (row["name"], row["cls"], row["loss"], row["norm"]))


if __name__ == "__main__":
    main()
