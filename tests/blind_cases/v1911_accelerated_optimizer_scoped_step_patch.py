"""accelerate-style optimizer wrapper that detects skipped steps by temporarily patching optimizer.step."""
import functools
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F


def _patch_optimizer_step(wrapper_ref, method):
    def patched_step(*args, **kwargs):
        wrapper = wrapper_ref()
        if wrapper is not None:
            wrapper._accelerate_step_called = True
        return method(*args, **kwargs)

    return patched_step


class AcceleratedOptimizer:
    def __init__(self, optimizer, scaler=None):
        self.optimizer = optimizer
        self.scaler = scaler
        self._accelerate_step_called = False
        self._is_overflow = False

    @property
    def param_groups(self):
        return self.optimizer.param_groups

    @property
    def defaults(self):
        return self.optimizer.defaults

    def zero_grad(self, set_to_none=True):
        self.optimizer.zero_grad(set_to_none=set_to_none)

    def step(self, closure=None):
        args = () if closure is None else (closure,)
        if self.scaler is None:
            self.optimizer.step(*args)
            return
        self._accelerate_step_called = False
        previous = vars(self.optimizer).get("step")
        self.optimizer.step = _patch_optimizer_step(weakref.ref(self), self.optimizer.step)
        try:
            self.scaler.step(self.optimizer, *args)
            self.scaler.update()
        finally:
            if previous is None:
                del self.optimizer.step
            else:
                self.optimizer.step = previous
        self._is_overflow = not self._accelerate_step_called

    @property
    def step_was_skipped(self):
        return self._is_overflow


def linear_warmup(step, warmup_steps):
    return min(1.0, (step + 1) / warmup_steps)


class Accelerator:
    def __init__(self, mixed_precision="no"):
        self.scaler = torch.cuda.amp.GradScaler(enabled=False) if mixed_precision == "fp16" else None

    def prepare(self, model, optimizer):
        return model, AcceleratedOptimizer(optimizer, scaler=self.scaler)

    def backward(self, loss):
        (self.scaler.scale(loss) if self.scaler is not None else loss).backward()


def train(seed, mixed_precision, warmup_steps, steps=6):
    torch.manual_seed(seed)
    accelerator = Accelerator(mixed_precision)
    model = nn.Sequential(nn.Linear(10, 20), nn.SiLU(), nn.Linear(20, 1))
    base = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.01)
    scheduler = None
    if warmup_steps:
        scheduler = torch.optim.lr_scheduler.LambdaLR(base, functools.partial(linear_warmup, warmup_steps=warmup_steps))
    model, optimizer = accelerator.prepare(model, base)
    skipped = 0
    for _ in range(steps):
        x = torch.randn(16, 10)
        loss = F.smooth_l1_loss(model(x).squeeze(1), x.mean(dim=1))
        accelerator.backward(loss)
        optimizer.step()
        skipped += optimizer.step_was_skipped
        if scheduler is not None and not optimizer.step_was_skipped:
            scheduler.step()
        optimizer.zero_grad()
    return skipped, optimizer.param_groups[0]["lr"]


def main():
    for seed, (precision, warmup) in enumerate([("fp16", 3), ("no", 3), ("fp16", 0)]):
        train(seed, precision, warmup)


if __name__ == "__main__":
    main()
