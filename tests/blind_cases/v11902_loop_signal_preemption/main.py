"""Preemptible fine-tuning runs that stream checkpoints through an async uploader."""
import torch
import torch.nn as nn

import aio_runtime
from preemption import PreemptionGuard

CONFIG = {
    "runs": [{"name": "base", "hidden": 32}, {"name": "wide", "hidden": 96}],
    "epochs": 3,
    "steps_per_epoch": 4,
    "upload_every": 1,
    "lr": 0.05,
}


class Trainer:
    def __init__(self, run_cfg, cfg):
        self.name = run_cfg["name"]
        self.cfg = cfg
        h = run_cfg["hidden"]
        self.model = nn.Sequential(nn.Linear(8, h), nn.Tanh(), nn.Linear(h, 1))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.stop_requested = False
        self.store = {}
        self.epoch = 0

    def _train_epoch(self):
        total = 0.0
        for _ in range(self.cfg["steps_per_epoch"]):
            if self.stop_requested:
                break
            x = torch.randn(32, 8)
            y = x[:, :1] * 0.5 - x[:, 1:2]
            loss = nn.functional.mse_loss(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            total += loss.item()
        return total

    def fit(self):
        with PreemptionGuard(self) as guard:
            while self.epoch < self.cfg["epochs"] and not self.stop_requested:
                epoch_loss = self._train_epoch()
                self.epoch += 1
                if self.epoch % self.cfg["upload_every"] == 0 or self.stop_requested:
                    key = f"{self.name}/epoch{self.epoch}"
                    aio_runtime.run(aio_runtime.upload_checkpoint(
                        self.store, key, self.model.state_dict()))
        return {"run": self.name, "epochs": self.epoch, "loss": epoch_loss,
                "preempted_by": guard.received, "uploads": len(self.store)}


def main():
    for run_cfg in CONFIG["runs"]:
        summary = Trainer(run_cfg, CONFIG).fit()
        print(summary)


if __name__ == "__main__":
    main()
