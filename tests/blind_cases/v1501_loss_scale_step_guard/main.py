"""Mixed-precision style training with dynamic loss scaling and a retrying step guard."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from guard import StepGuard


class DynamicLossScaler:
    def __init__(self, init_scale=2.0 ** 130, backoff=2.0 ** -24, growth_interval=50):
        self.scale = init_scale
        self.backoff = backoff
        self.growth_interval = growth_interval
        self._good_steps = 0

    def unscale_(self, params):
        inv = 1.0 / self.scale
        finite = True
        for p in params:
            if p.grad is None:
                continue
            p.grad.mul_(inv)
            finite = finite and bool(torch.isfinite(p.grad).all())
        return finite

    def update(self, found_inf):
        if found_inf:
            self.scale *= self.backoff
            self._good_steps = 0
            return
        self._good_steps += 1
        if self._good_steps % self.growth_interval == 0:
            self.scale *= 2.0


class Trainer:
    def __init__(self, model, lr=0.05):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.scaler = DynamicLossScaler()
        self.guard = StepGuard(retry_on=(FloatingPointError,))  # cycle
        self.losses = []

    def _train_step(self, x, y):
        self.opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(self.model(x), y)
        (loss * self.scaler.scale).backward()
        finite = self.scaler.unscale_(self.model.parameters())
        self.scaler.update(found_inf=not finite)
        if not finite:
            raise FloatingPointError(f"non-finite gradients at loss scale {self.scaler.scale:.3g}")
        self.opt.step()
        return loss.item()

    def fit(self, batches):
        self.model.train()
        for x, y in batches:
            self.losses.append(self.guard.call(self._train_step, x, y))  # cycle
        return self.guard.summary()


def make_batches(n, bs=16):
    g = torch.Generator().manual_seed(n)
    return [(torch.randn(bs, 12, generator=g), torch.randint(0, 3, (bs,), generator=g)) for _ in range(n)]


def main():
    for fold in range(2):
        model = nn.Sequential(nn.Linear(12, 32), nn.GELU(), nn.Linear(32, 3))
        trainer = Trainer(model)
        stats = trainer.fit(make_batches(4))
        assert stats["calls"] == 4


if __name__ == "__main__":
    main()
