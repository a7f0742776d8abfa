"""Single-process stand-in for DistributedDataParallel used in unit tests.

Every parameter gets a gradient hook that copies its gradient into a flat
bucket, the way the real reducer does before the all-reduce.
"""
import functools
import math

import torch
import torch.nn as nn


class LocalReducer(nn.Module):
    """Wraps a model and 'all-reduces' gradients into flat buckets."""

    def __init__(self, module, world_size=1, bucket_cap=4096):
        super().__init__()
        self.module = module  # cycle
        self.world_size = world_size
        self.bucket_cap = bucket_cap
        self.grad_buckets = {}
        self.ready = set()
        self._hook_handles = []
        for name, param in self.module.named_parameters():
            if not param.requires_grad:
                continue
            handle = param.register_hook(functools.partial(self._on_grad_ready, name))  # cycle
            self._hook_handles.append(handle)

    def _on_grad_ready(self, name, grad):
        self.ready.add(name)
        self.grad_buckets[name] = grad.detach().flatten().clone()
        return grad / self.world_size

    def forward(self, *args, **kwargs):
        self.ready.clear()
        return self.module(*args, **kwargs)

    def bucket_norm(self):
        total = sum(b.pow(2).sum().item() for b in self.grad_buckets.values())
        return math.sqrt(total)


class TinyConvNet(nn.Module):
    def __init__(self, n_classes=4):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 6, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(6, 12, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.head = nn.Linear(12, n_classes)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


def run_epoch(model, optimizer, n_steps=3):
    crit = nn.CrossEntropyLoss()
    norms = []
    for _ in range(n_steps):
        x = torch.randn(8, 1, 16, 16)
        y = torch.randint(0, 4, (8,))
        loss = crit(model(x), y)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        norms.append(model.bucket_norm())
        optimizer.step()
    return norms


def main():
    torch.manual_seed(0)
    for world_size in (1, 2):
        ddp_model = LocalReducer(TinyConvNet(), world_size=world_size)
        opt = torch.optim.SGD(ddp_model.parameters(), lr=0.1, momentum=0.9)
        norms = run_epoch(ddp_model, opt)
        assert len(ddp_model.ready) == len(list(ddp_model.parameters()))
        print(f"world_size={world_size} grad norms: {[round(n, 3) for n in norms]}")


if __name__ == "__main__":
    main()
