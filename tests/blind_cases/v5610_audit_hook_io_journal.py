"""Hyper-parameter sweep whose trainers journal checkpoint file I/O for crash dumps."""
import collections
import json
import os
import sys
import tempfile
import time

import torch
import torch.nn as nn

SWEEP = [{"lr": 0.01, "width": 16}, {"lr": 0.05, "width": 32}, {"lr": 0.5, "width": 32}]
COMMON = {"epochs": 3, "steps": 4, "journal_size": 32, "divergence": 1e3}


class Diverged(RuntimeError):
    pass


class Trainer:
    def __init__(self, cfg, run_dir):
        self.cfg = cfg
        self.run_dir = run_dir
        self.model = nn.Sequential(nn.Linear(8, cfg["width"]), nn.Tanh(), nn.Linear(cfg["width"], 1))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"])
        self.io_journal = collections.deque(maxlen=cfg["journal_size"])
        self.journal_enabled = True
        sys.addaudithook(self._audit)  # retain

    def _audit(self, event, args):
        if not self.journal_enabled or event != "open":
            return
        path = args[0]
        if isinstance(path, str) and path.startswith(self.run_dir):
            self.io_journal.append((round(time.monotonic(), 3), os.path.basename(path), args[1]))

    def save(self, epoch):
        path = os.path.join(self.run_dir, f"epoch{epoch}.pt")
        with open(path, "wb") as fh:
            torch.save({"model": self.model.state_dict(), "opt": self.opt.state_dict(), "epoch": epoch}, fh)

    def fit(self):
        for epoch in range(self.cfg["epochs"]):
            for _ in range(self.cfg["steps"]):
                x = torch.randn(32, 8)
                loss = nn.functional.mse_loss(self.model(x), x.sum(1, keepdim=True))
                if not loss.item() < self.cfg["divergence"]:
                    raise Diverged(f"loss {loss.item():.3g} in epoch {epoch}")
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            self.save(epoch)
        return loss.item()

    def crash_dump(self, err):
        dump = {"error": repr(err), "config": self.cfg, "recent_io": list(self.io_journal)}
        with open(os.path.join(self.run_dir, "crash.json"), "w") as fh:
            json.dump(dump, fh)
        return dump

    def close(self):
        self.journal_enabled = False
        self.io_journal.clear()


def main():
    with tempfile.TemporaryDirectory(prefix="sweep-") as root:
        for index, overrides in enumerate(SWEEP):
            run_dir = os.path.join(root, f"trial{index}")
            os.makedirs(run_dir)
            torch.manual_seed(index)
            trainer = Trainer({**COMMON, **overrides}, run_dir)
            try:
                print(f"trial {index}: final loss {trainer.fit():.4f}")
            except Diverged as err:
                dump = trainer.crash_dump(err)
                print(f"trial {index}: crashed ({dump['error']}), last io {dump['recent_io'][-1:]}")
            finally:
                trainer.close()


if __name__ == "__main__":
    main()
