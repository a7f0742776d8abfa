"""Step runner with loss-scale backoff: an overflowing step is retried with a
smaller scale after a short sleep, and every failed attempt is recorded with
the code location that raised it for the end-of-run report."""
import dataclasses
import inspect
import time

import torch
import torch.nn as nn

CONFIG = {"init_scale": 2.0 ** 127, "backoff": 0.5, "max_attempts": 4, "sleep": 0.001,
          "epochs": 2, "steps": 3, "lr": 1e-3}


class StepOverflow(RuntimeError):
    pass


@dataclasses.dataclass
class FailedAttempt:
    step: int
    attempt: int
    scale: float
    message: str
    site: inspect.FrameInfo


class ScaledTrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 4))
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=cfg["lr"])
        self.scale = cfg["init_scale"]
        self.failures = []
        self.global_step = 0

    def _forward_backward(self, x, y):
        loss = nn.functional.cross_entropy(self.model(x), y) + 1.0
        scaled = loss * self.scale
        if not torch.isfinite(scaled):
            raise StepOverflow(f"scaled loss overflowed at scale {self.scale:.3g}")
        self.optimizer.zero_grad(set_to_none=True)
        scaled.backward()
        for p in self.model.parameters():
            p.grad.div_(self.scale)
        self.optimizer.step()
        return loss.item()

    def run_step(self, x, y):
        delay = self.cfg["sleep"]
        for attempt in range(1, self.cfg["max_attempts"] + 1):
            try:
                return self._forward_backward(x, y)
            except StepOverflow as err:
                site = inspect.trace()[-1]  # cycle
                self.failures.append(FailedAttempt(self.global_step, attempt, self.scale, str(err), site))  # cycle
                self.scale *= self.cfg["backoff"]
                time.sleep(delay)
                delay *= 2
        raise RuntimeError(f"step {self.global_step} failed after {self.cfg['max_attempts']} attempts")

    def fit(self):
        losses = []
        for epoch in range(self.cfg["epochs"]):
            for _ in range(self.cfg["steps"]):
                x, y = torch.randn(8, 16), torch.randint(0, 4, (8,))
                losses.append(self.run_step(x, y))
                self.global_step += 1
        return losses

    def report(self):
        rows = [f"step {f.step} try {f.attempt}: {f.message} ({f.site.function}:{f.site.lineno})"
                for f in self.failures]
        return "\n".join(rows)


def main():
    for seed in range(2):
        torch.manual_seed(seed)
        trainer = ScaledTrainer(CONFIG)
        losses = trainer.fit()
        print(f"seed {seed}: final loss {losses[-1]:.4f}, final scale {trainer.scale:.3g}")
        print(trainer.report())


if __name__ == "__main__":
    main()
