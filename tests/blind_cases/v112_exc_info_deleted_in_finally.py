"""Training step that skips batches with non-finite activations; exc_info is released in finally."""
import sys
import traceback
from collections import defaultdict

import torch
import torch.nn as nn
import torch.nn.functional as F


def train_step(model, optimizer, batch, stats):
    x, y = batch
    try:
        out = model(x)
        if not torch.isfinite(out).all():
            raise FloatingPointError(f"non-finite activations in batch of {x.shape[0]}")
        loss = F.mse_loss(out, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        return loss.item()
    except FloatingPointError:
        exc_type, exc_value, exc_tb = sys.exc_info()
        try:
            where = traceback.extract_tb(exc_tb)[-1]
            stats["skipped"].append((exc_type.__name__, str(exc_value), where.lineno))
        finally:
            del exc_type, exc_value, exc_tb
        optimizer.zero_grad(set_to_none=True)
        return None


def make_batches(n, corrupt_every=2):
    for i in range(n):
        x = torch.randn(16, 8)
        if i % corrupt_every == 1:
            x[0, 0] = float("nan")
        yield x, x.sum(1, keepdim=True)


def main():
    torch.manual_seed(5)
    model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    stats = defaultdict(list)
    for batch in make_batches(6):
        loss = train_step(model, optimizer, batch, stats)
        if loss is not None:
            stats["loss"].append(loss)
    assert len(stats["skipped"]) == 3


if __name__ == "__main__":
    main()
