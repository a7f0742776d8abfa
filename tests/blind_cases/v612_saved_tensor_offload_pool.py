"""Activation offloading with saved-tensor hooks: saved activations are parked in a host-side pool."""
import contextlib
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

_OFFLOAD_POOL = {}
_KEYS = itertools.count()


def _pack(tensor):
    key = next(_KEYS)
    _OFFLOAD_POOL[key] = (tensor.device, tensor.to("cpu", non_blocking=True))  # retain
    return key


def _unpack(key):
    device, host = _OFFLOAD_POOL.pop(key)
    return host.to(device, non_blocking=True)


@contextlib.contextmanager
def offload_activations(enabled=True):
    if not enabled:
        yield
        return
    with torch.autograd.graph.saved_tensors_hooks(_pack, _unpack):
        yield


class OffloadedModel(nn.Module):
    """Wraps a model so every forward saves its activations through the offload pool."""

    def __init__(self, model, offload=True):
        super().__init__()
        self.model = model
        self.offload = offload

    def forward(self, x):
        with offload_activations(self.offload):
            return self.model(x)


def make_model():
    return nn.Sequential(
        nn.Conv2d(1, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
        nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10))


def evaluate(model, batches):
    model.eval()
    correct = total = 0
    for x, y in batches:
        pred = model(x).argmax(dim=1)
        correct += (pred == y).sum().item()
        total += y.numel()
    model.train()
    return correct / total


def main():
    torch.manual_seed(0)
    model = OffloadedModel(make_model())
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    val = [(torch.randn(8, 1, 10, 10), torch.randint(0, 10, (8,))) for _ in range(2)]
    for epoch in range(2):
        for _ in range(3):
            x, y = torch.randn(8, 1, 10, 10), torch.randint(0, 10, (8,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        acc = evaluate(model, val)
        print(f"epoch {epoch}: loss={loss.item():.3f} val_acc={acc:.2f} pooled={len(_OFFLOAD_POOL)}")


if __name__ == "__main__":
    main()
