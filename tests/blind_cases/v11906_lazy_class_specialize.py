"""Shape-inferring layers for a config-built tabular model.

Each LazyDense learns its input width from the first batch; after that it
specializes itself into a subclass whose name carries the inferred shape, so
printed models and checkpoints show the real layout.
"""
import torch
import torch.nn as nn

CONFIG = {
    "trials": [{"blocks": [64, 32], "lr": 1e-2}, {"blocks": [128, 64, 32], "lr": 5e-3}],
    "in_features": 20,
    "classes": 3,
    "steps": 4,
}


class LazyDense(nn.Module):
    in_features = None

    def __init__(self, out_features, activation=True):
        super().__init__()
        self.out_features = out_features
        self.activation = activation
        self.weight = None
        self.bias = nn.Parameter(torch.zeros(out_features))

    def materialize(self, in_features):
        self.weight = nn.Parameter(torch.empty(self.out_features, in_features))
        nn.init.kaiming_uniform_(self.weight, a=5 ** 0.5)
        base = type(self)
        spec = {"in_features": in_features, "__module__": base.__module__, "__qualname__": base.__qualname__}
        self.__class__ = type(f"{base.__name__}[{in_features}->{self.out_features}]", (base,), spec)  # cycle

    def forward(self, x):
        if self.weight is None:
            self.materialize(x.shape[-1])
        y = nn.functional.linear(x, self.weight, self.bias)
        return torch.relu(y) if self.activation else y

    def extra_repr(self):
        return f"in_features={self.in_features}, out_features={self.out_features}"


def build_model(blocks, classes):
    layers = [LazyDense(width) for width in blocks]
    layers.append(LazyDense(classes, activation=False))
    return nn.Sequential(*layers)


def run_trial(trial, cfg):
    model = build_model(trial["blocks"], cfg["classes"])
    x = torch.randn(16, cfg["in_features"])
    y = torch.randint(0, cfg["classes"], (16,))
    with torch.no_grad():
        model(x)
    optimizer = torch.optim.SGD(model.parameters(), lr=trial["lr"])
    for _ in range(cfg["steps"]):
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss.item(), repr(model)


def main():
    for trial in CONFIG["trials"]:
        loss, layout = run_trial(trial, CONFIG)
        print(f"loss {loss:.3f}\n{layout}")


if __name__ == "__main__":
    main()
