"""Training run that writes a checkpoint per epoch and mirrors it in the background."""
import os
import tempfile

import torch
import torch.nn as nn

from mirror import CheckpointMirror

RUN = {"epochs": 4, "steps": 5, "quota_bytes": 32_000}


class Run:
    def __init__(self, workdir, cfg):
        self.cfg = cfg
        self.ckpt_dir = os.path.join(workdir, "ckpt")
        os.makedirs(self.ckpt_dir)
        self.model = nn.Sequential(nn.Linear(20, 48), nn.ReLU(), nn.Linear(48, 5))
        self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.mirror = CheckpointMirror(os.path.join(workdir, "mirror"), cfg["quota_bytes"])
        self.warnings = []

    def train_epoch(self):
        for _ in range(self.cfg["steps"]):
            x, y = torch.randn(24, 20), torch.randint(0, 5, (24,))
            loss = nn.functional.cross_entropy(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return loss.item()

    def checkpoint(self, epoch, full):
        state = {"epoch": epoch, "model": self.model.state_dict()}
        if full:
            state["optimizer"] = self.opt.state_dict()
        path = os.path.join(self.ckpt_dir, f"epoch_{epoch:03d}.pt")
        torch.save(state, path)
        return path

    def fit(self):
        self.mirror.start()
        try:
            for epoch in range(self.cfg["epochs"]):
                self.train_epoch()
                last = epoch == self.cfg["epochs"] - 1
                self.mirror.submit(self.checkpoint(epoch, full=last))
        finally:
            self.warnings.extend(self.mirror.close())
        return self.warnings


def main():
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as workdir:
        Run(workdir, RUN).fit()


if __name__ == "__main__":
    main()
