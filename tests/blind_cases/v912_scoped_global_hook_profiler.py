"""FLOP-ish counter attached through the global module forward hook, scoped by `with`."""
from collections import Counter

import torch
import torch.nn as nn
from torch.nn.modules.module import register_module_forward_hook


class MacCounter:
    """Counts multiply-accumulates of Linear/Conv layers while the context is active."""

    def __init__(self, model):
        self.layer_names = {mod: name or "<root>" for name, mod in model.named_modules()}
        self.macs = Counter()
        self._handle = None

    def __enter__(self):
        self._handle = register_module_forward_hook(self._count)
        return self

    def __exit__(self, exc_type, exc, tb):
        if self._handle is not None:
            self._handle.remove()
            self._handle = None
        return False

    def _count(self, module, inputs, output):
        name = self.layer_names.get(module)
        if name is None:
            return
        if isinstance(module, nn.Linear):
            self.macs[name] += inputs[0].shape[0] * module.in_features * module.out_features
        elif isinstance(module, nn.Conv2d):
            k = module.kernel_size[0] * module.kernel_size[1]
            self.macs[name] += output.numel() * k * module.in_channels // module.groups

    def total(self):
        return sum(self.macs.values())


def make_model(width):
    return nn.Sequential(
        nn.Conv2d(3, width, 3, padding=1), nn.ReLU(),
        nn.Conv2d(width, width, 3, padding=1, groups=width), nn.ReLU(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(width, 10))


def profile_and_train(width):
    model = make_model(width)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    with MacCounter(model) as counter:
        model(torch.randn(1, 3, 16, 16))
    macs = counter.total()
    for _ in range(2):
        x, y = torch.randn(4, 3, 16, 16), torch.randint(0, 10, (4,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return macs, loss.item()


def main():
    summary = {w: profile_and_train(w) for w in (4, 8, 16)}
    for w, (macs, last_loss) in summary.items():
        print(f"width={w:3d} macs={macs:8d} loss={last_loss:.3f}")


if __name__ == "__main__":
    main()
