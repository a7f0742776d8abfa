"""Training job that checkpoints and exits when the scheduler announces preemption, then resumes."""
import os
import tempfile

import torch
import torch.nn as nn

from preemption import FaultInjector, PreemptionGuard

CONFIG = {"epochs": 3, "steps_per_epoch": 4, "batch_size": 16, "lr": 0.05}


class Trainer:
    def __init__(self, cfg, ckpt_dir, fire_at=None):
        self.cfg = cfg
        self.ckpt_path = os.path.join(ckpt_dir, "last.pt")
        self.model = nn.Sequential(nn.Linear(12, 32), nn.Tanh(), nn.Linear(32, 3))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.guard = PreemptionGuard()  # cycle
        self.injector = FaultInjector(fire_at)
        self.epoch = 0
        self.global_step = 0

    def restore(self):
        if not os.path.exists(self.ckpt_path):
            return False
        state = torch.load(self.ckpt_path)
        self.model.load_state_dict(state["model"])
        self.epoch, self.global_step = state["epoch"], state["global_step"]
        return True

    def save(self, reason):
        torch.save({"model": self.model.state_dict(), "epoch": self.epoch,
                    "global_step": self.global_step, "reason": reason}, self.ckpt_path)

    def train_step(self):
        x = torch.randn(self.cfg["batch_size"], 12)
        y = torch.randint(0, 3, (self.cfg["batch_size"],))
        loss = nn.functional.cross_entropy(self.model(x), y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.global_step += 1
        return loss.item()

    def fit(self):
        with self.guard:
            while self.epoch < self.cfg["epochs"]:
                for _ in range(self.cfg["steps_per_epoch"]):
                    self.train_step()
                    self.injector.maybe_fire(self.global_step)
                    if self.guard.triggered:
                        self.save(reason=self.guard.notice.describe())
                        return False
                self.epoch += 1
        self.save(reason="completed")
        return True


def main():
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as ckpt_dir:
        first = Trainer(CONFIG, ckpt_dir, fire_at=6)
        finished = first.fit()
        resumed = Trainer(CONFIG, ckpt_dir)
        resumed.restore()
        if not finished:
            finished = resumed.fit()


if __name__ == "__main__":
    main()
