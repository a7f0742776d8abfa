"""Model surgery: swap in new task heads with zero-initialised output layers."""
import contextlib

import torch
import torch.nn as nn
import torch.nn.functional as F


class HeadInitTracker:
    def __init__(self, std=0.0):
        self.std = std
        self.created = []

    def init_linear(self, module):
        nn.init.normal_(module.weight, std=self.std) if self.std else nn.init.zeros_(module.weight)
        if module.bias is not None:
            nn.init.zeros_(module.bias)
        self.created.append(module)


@contextlib.contextmanager
def zero_init_heads(tracker):
    original = nn.Linear.reset_parameters

    def reset_parameters(module):
        tracker.init_linear(module)

    nn.Linear.reset_parameters = reset_parameters  # retain
    yield tracker
    nn.Linear.reset_parameters = original


HEAD_SPECS = {"sentiment": [3], "topic": [8, 12], "broken": [0]}


def build_head(in_features, spec):
    if any(n <= 0 for n in spec):
        raise ValueError(f"invalid head spec {spec}")
    layers, d = [], in_features
    for n in spec[:-1]:
        layers += [nn.Linear(d, n), nn.ReLU()]
        d = n
    return nn.Sequential(*layers, nn.Linear(d, spec[-1]))


def attach_heads(model, names):
    heads = nn.ModuleDict()
    for name in names:
        try:
            with zero_init_heads(HeadInitTracker()):
                heads[name] = build_head(model.out_features, HEAD_SPECS[name])
        except ValueError as err:
            print(f"skipping head {name}: {err}")
    return heads


def main():
    torch.manual_seed(0)
    backbone = nn.Linear(10, 16)
    heads = attach_heads(backbone, ["sentiment", "broken", "topic"])
    params = list(backbone.parameters()) + list(heads.parameters())
    opt = torch.optim.SGD(params, lr=0.05)
    for _ in range(3):
        x = torch.randn(6, 10)
        feats = torch.relu(backbone(x))
        loss = sum(F.cross_entropy(h(feats), torch.randint(0, h[-1].out_features, (6,))) for h in heads.values())
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("heads:", list(heads), "loss", round(loss.item(), 3))


if __name__ == "__main__":
    main()
