"""Small trainer whose callbacks expose on_<event> methods discovered once by introspection."""
import inspect

import torch
import torch.nn as nn
import torch.nn.functional as F


class Callback:
    _handlers = None

    def handlers(self):
        if self._handlers is None:
            self._handlers = {name[3:]: fn for name, fn in inspect.getmembers(self, inspect.ismethod) if name.startswith("on_")}  # cycle
        return self._handlers


class LossHistory(Callback):
    def __init__(self):
        self.losses = []

    def on_batch_end(self, trainer, loss):
        self.losses.append(loss)


class WarmupLR(Callback):
    def __init__(self, warmup_steps, base_lr):
        self.warmup_steps = warmup_steps
        self.base_lr = base_lr

    def on_batch_start(self, trainer, step):
        scale = min(1.0, (step + 1) / self.warmup_steps)
        for group in trainer.optimizer.param_groups:
            group["lr"] = self.base_lr * scale


class GradNormMonitor(Callback):
    def __init__(self):
        self.norms = []

    def on_after_backward(self, trainer):
        total = sum(p.grad.pow(2).sum() for p in trainer.model.parameters() if p.grad is not None)
        self.norms.append(float(total.sqrt()))


class Trainer:
    def __init__(self, model, lr, callbacks):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.callbacks = list(callbacks)

    def fire(self, event, *args):
        for cb in self.callbacks:
            handler = cb.handlers().get(event)
            if handler is not None:
                handler(self, *args)

    def fit(self, batches):
        step = 0
        for x, y in batches:
            self.fire("batch_start", step)
            loss = F.cross_entropy(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.fire("after_backward")
            self.optimizer.step()
            self.fire("batch_end", loss.item())
            step += 1


def make_batches(n, seed):
    gen = torch.Generator().manual_seed(seed)
    return [(torch.randn(8, 6, generator=gen), torch.randint(0, 3, (8,), generator=gen)) for _ in range(n)]


def main():
    for fold in range(3):
        model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 3))
        history = LossHistory()
        trainer = Trainer(model, lr=0.05, callbacks=[WarmupLR(3, 0.05), GradNormMonitor(), history])
        trainer.fit(make_batches(4, seed=fold))
        print(f"fold {fold}: last loss {history.losses[-1]:.4f}")


if __name__ == "__main__":
    main()
