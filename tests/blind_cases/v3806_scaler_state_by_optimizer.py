"""GradScaler-style loss scaling for CPU bfloat16/float16 experiments with several optimizers."""
import enum

import torch
import torch.nn as nn


class OptState(enum.Enum):
    READY = 0
    UNSCALED = 1
    STEPPED = 2


_OPTIMIZER_STAGES = {}


class ScaleKeeper:
    def __init__(self, init_scale=1024.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=3):
        self._scale = init_scale
        self._growth_factor = growth_factor
        self._backoff_factor = backoff_factor
        self._growth_interval = growth_interval
        self._growth_tracker = 0
        self._found_inf = False

    def scale(self, loss):
        return loss * self._scale

    def _stage(self, optimizer):
        return _OPTIMIZER_STAGES.setdefault(optimizer, {"stage": OptState.READY, "found_inf": False})  # retain

    def unscale_(self, optimizer):
        record = self._stage(optimizer)
        if record["stage"] is OptState.UNSCALED:
            return
        inv = 1.0 / self._scale
        for group in optimizer.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.grad.mul_(inv)
                    record["found_inf"] |= not bool(torch.isfinite(p.grad).all())
        record["stage"] = OptState.UNSCALED

    def step(self, optimizer):
        self.unscale_(optimizer)
        record = self._stage(optimizer)
        if not record["found_inf"]:
            optimizer.step()
        self._found_inf |= record["found_inf"]
        record["stage"] = OptState.STEPPED

    def update(self):
        if self._found_inf:
            self._scale *= self._backoff_factor
            self._growth_tracker = 0
        else:
            self._growth_tracker += 1
            if self._growth_tracker == self._growth_interval:
                self._scale *= self._growth_factor
                self._growth_tracker = 0
        self._found_inf = False
        for record in _OPTIMIZER_STAGES.values():
            record.update(stage=OptState.READY, found_inf=False)


class TwoTower(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 8))
        self.doc = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 8))

    def forward(self, q, d):
        return (self.query(q) * self.doc(d)).sum(-1)


def run_trial(lr, steps=4):
    model = TwoTower()
    opt_q = torch.optim.Adam(model.query.parameters(), lr=lr)
    opt_d = torch.optim.SGD(model.doc.parameters(), lr=lr * 10)
    scaler = ScaleKeeper()
    for _ in range(steps):
        q, d, y = torch.randn(16, 10), torch.randn(16, 10), torch.rand(16)
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
            score = model(q, d)
        loss = nn.functional.binary_cross_entropy_with_logits(score.float(), y)
        opt_q.zero_grad()
        opt_d.zero_grad()
        scaler.scale(loss).backward()
        scaler.step(opt_q)
        scaler.step(opt_d)
        scaler.update()
    return loss.item()


def main():
    for lr in (1e-3, 3e-3):
        run_trial(lr)


if __name__ == "__main__":
    main()
