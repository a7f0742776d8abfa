"""Training hooks dispatched through a bus that holds its subscribers weakly."""
import collections
import functools
import logging
import math
import weakref

import torch
import torch.nn as nn

log = logging.getLogger(__name__)


class HookBus:
    """Subscribers are held through weak references and pruned when they die."""

    def __init__(self, **context):
        self.context = context
        self._subs = collections.defaultdict(list)  # cycle

    def subscribe(self, event, fn):
        discard = functools.partial(self._discard, event)  # cycle
        if hasattr(fn, "__self__"):
            ref = weakref.WeakMethod(fn, discard)
        else:
            ref = weakref.ref(fn, discard)  # cycle
        self._subs[event].append(ref)  # cycle
        return fn

    def _discard(self, event, ref):
        self._subs[event].remove(ref)

    def emit(self, event, **payload):
        for ref in list(self._subs[event]):
            fn = ref()
            if fn is not None:
                fn(self.context, **payload)


def log_learning_rate(ctx, step, loss):
    lr = ctx["optimizer"].param_groups[0]["lr"]
    log.debug("step %d lr %.4g loss %.4f", step, lr, loss)


def check_finite(ctx, step, loss):
    if not math.isfinite(loss):
        raise FloatingPointError(f"non-finite loss at step {step}")


class GradNormTracker:
    def __init__(self):
        self.norms = []

    def on_step(self, ctx, step, loss):
        sq = sum(float(p.grad.pow(2).sum()) for p in ctx["model"].parameters() if p.grad is not None)
        self.norms.append(math.sqrt(sq))


def run(lr, steps=6):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(10, 24), nn.GELU(), nn.Linear(24, 1))
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=3, gamma=0.5)
    hooks = HookBus(model=model, optimizer=opt)
    tracker = GradNormTracker()
    hooks.subscribe("after_backward", tracker.on_step)
    hooks.subscribe("after_step", log_learning_rate)  # cycle
    hooks.subscribe("after_step", check_finite)  # cycle

    for step in range(steps):
        x = torch.randn(32, 10)
        loss = (model(x).squeeze(1) - x[:, :2].sum(1)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        hooks.emit("after_backward", step=step, loss=loss.item())
        opt.step()
        sched.step()
        hooks.emit("after_step", step=step, loss=loss.item())
    return loss.item(), max(tracker.norms)


def main():
    for lr in (0.05, 0.01):
        run(lr)


if __name__ == "__main__":
    main()
