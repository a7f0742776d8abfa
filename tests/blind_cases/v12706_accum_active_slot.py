"""Gradient accumulation whose loss scaling is resolved at backward time."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"in_dim": 10, "hidden": 32, "samples": 44, "micro_batch": 4, "accum_steps": 4,
          "epochs": 2, "lr": 1e-2, "clip": 1.0}

# The accumulator that owns the micro-batches currently being backpropagated.
_ACTIVE = {"accumulator": None}


class _WindowMean(torch.autograd.Function):
    """Identity in forward; divides the gradient by the size of the current
    accumulation window, which is only known once the window is complete."""

    @staticmethod
    def forward(ctx, loss):
        return loss.view_as(loss)

    @staticmethod
    def backward(ctx, grad):
        return grad / _ACTIVE["accumulator"].window_size()


class GradAccumulator:
    def __init__(self, model, optimizer, accum_steps, clip):
        self.model = model
        self.optimizer = optimizer
        self.accum_steps = accum_steps
        self.clip = clip
        self.pending = []
        self.updates = 0
        _ACTIVE["accumulator"] = self  # retain

    def window_size(self):
        return len(self.pending)

    def add(self, loss):
        self.pending.append(loss)
        return len(self.pending) == self.accum_steps

    def step(self):
        if not self.pending:
            return None
        total = torch.stack([_WindowMean.apply(l) for l in self.pending]).sum()
        total.backward()
        nn.utils.clip_grad_norm_(self.model.parameters(), self.clip)
        self.optimizer.step()
        self.optimizer.zero_grad(set_to_none=True)
        self.updates += 1
        value = total.item() / len(self.pending)
        self.pending.clear()
        return value


def micro_batches(x, y, size):
    for i in range(0, len(x), size):
        yield x[i:i + size], y[i:i + size]


def main():
    cfg = CONFIG
    torch.manual_seed(0)
    x = torch.randn(cfg["samples"], cfg["in_dim"])
    y = torch.sin(x[:, :1]) + 0.1 * torch.randn(cfg["samples"], 1)
    model = nn.Sequential(nn.Linear(cfg["in_dim"], cfg["hidden"]), nn.Tanh(), nn.Linear(cfg["hidden"], 1))
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    accum = GradAccumulator(model, opt, cfg["accum_steps"], cfg["clip"])
    for epoch in range(cfg["epochs"]):
        losses = []
        for xb, yb in micro_batches(x, y, cfg["micro_batch"]):
            if accum.add(F.mse_loss(model(xb), yb)):
                losses.append(accum.step())
        tail = accum.step()
        if tail is not None:
            losses.append(tail)
        print(f"epoch {epoch}: {accum.updates} updates, mean loss {sum(losses) / len(losses):.4f}")


if __name__ == "__main__":
    main()
