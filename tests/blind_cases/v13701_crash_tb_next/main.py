"""Learning-rate sweep on noisy sensor data; steps with non-finite gradients are skipped."""
import torch
import torch.nn as nn

from crashlog import CrashLog
from steps import guarded_step

CONFIG = {
    "epochs": 2,
    "batches": 6,
    "batch_size": 16,
    "features": 12,
    "classes": 3,
    "max_grad_norm": 1.0,
    "label_smoothing": 0.05,
    "corrupt_every": 4,
}


def make_loader(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    batches = []
    for i in range(cfg["batches"]):
        x = torch.randn(cfg["batch_size"], cfg["features"], generator=gen)
        y = torch.randint(0, cfg["classes"], (cfg["batch_size"],), generator=gen)
        if i % cfg["corrupt_every"] == cfg["corrupt_every"] - 1:
            x[0, 0] = float("inf")
        batches.append((x, y))
    return batches


class Trainer:
    def __init__(self, model, cfg, lr):
        self.model = model
        self.cfg = cfg
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.crash_log = CrashLog(limit=cfg["batches"])  # cycle
        self.step = 0
        self.history = []
        self.skipped = 0

    def fit(self, loader):
        self.model.train()
        for epoch in range(self.cfg["epochs"]):
            for batch in loader:
                self.step += 1
                try:
                    loss, grad_norm = guarded_step(self.model, self.optimizer, batch, self.cfg)
                except RuntimeError as err:
                    self.crash_log.record(self.step, err)
                    self.optimizer.zero_grad(set_to_none=True)
                    self.skipped += 1
                    continue
                self.history.append((epoch, self.step, loss, grad_norm))
        return self.history[-1][2] if self.history else float("nan")


def main():
    results = {}
    for lr in (0.05, 0.01):
        model = nn.Sequential(
            nn.Linear(CONFIG["features"], 32), nn.GELU(), nn.Linear(32, CONFIG["classes"]))
        trainer = Trainer(model, CONFIG, lr)
        final = trainer.fit(make_loader(CONFIG, seed=int(lr * 1000)))
        results[lr] = (final, trainer.skipped, trainer.crash_log.summary())
        assert trainer.crash_log.report()
    assert all(skipped > 0 for _, skipped, _ in results.values())


if __name__ == "__main__":
    main()
