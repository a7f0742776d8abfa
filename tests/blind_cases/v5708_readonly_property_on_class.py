"""Repeated-seed training; callbacks see the run's objects through a read-only context."""
import torch
import torch.nn as nn


def _readonly(name, value):
    return property(lambda self: value, doc=f"run object {name!r} (read-only)")  # retain


class RunContext:
    _readonly_names = ()

    def __init__(self, **objects):
        cls = type(self)
        for name, value in objects.items():
            setattr(cls, name, _readonly(name, value))  # retain
        cls._readonly_names = tuple(objects)
        self.step = 0
        self.should_stop = False

    def __setattr__(self, name, value):
        if name in self._readonly_names:
            raise AttributeError(f"{name} is read-only on the run context")
        super().__setattr__(name, value)


class Warmup:
    def __init__(self, steps, base_lr):
        self.steps, self.base_lr = steps, base_lr

    def on_step(self, ctx, loss):
        scale = min(1.0, (ctx.step + 1) / self.steps)
        for group in ctx.optimizer.param_groups:
            group["lr"] = self.base_lr * scale


class EarlyStop:
    def __init__(self, patience):
        self.patience, self.best, self.bad = patience, float("inf"), 0

    def on_step(self, ctx, loss):
        if loss < self.best - 1e-4:
            self.best, self.bad = loss, 0
        else:
            self.bad += 1
        ctx.should_stop = self.bad >= self.patience


def fit(seed, steps=6):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.0, momentum=0.9)
    ctx = RunContext(model=model, optimizer=opt, seed=seed)
    callbacks = [Warmup(3, 0.05), EarlyStop(patience=3)]
    x = torch.randn(64, 6)
    y = x[:, :2].sum(1, keepdim=True)
    while ctx.step < steps and not ctx.should_stop:
        loss = nn.functional.mse_loss(ctx.model(x), y)
        ctx.optimizer.zero_grad()
        loss.backward()
        ctx.optimizer.step()
        for cb in callbacks:
            cb.on_step(ctx, loss.item())
        ctx.step += 1
    return ctx.step, loss.item()


def main():
    for seed in range(3):
        steps, loss = fit(seed)
        print(f"seed {seed}: {steps} steps, loss {loss:.4f}")


if __name__ == "__main__":
    main()
