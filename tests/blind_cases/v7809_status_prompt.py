"""Training script meant to be run as `python -i train.py` for poking at the run afterwards.

The interactive prompt shows the run's progress, e.g. `[mlp ep 3 loss 0.41] >>> `.
"""
import sys

import torch
import torch.nn as nn

CONFIG = {"name": "mlp", "epochs": 3, "batch": 32, "lr": 0.05, "width": 64}


class Session:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(20, cfg["width"]), nn.ReLU(), nn.Linear(cfg["width"], 5))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.epoch = 0
        self.last_loss = float("nan")

    def run_epoch(self, x, y):
        self.model.train()
        for i in range(0, x.shape[0], self.cfg["batch"]):
            loss = nn.functional.cross_entropy(self.model(x[i:i + self.cfg["batch"]]), y[i:i + self.cfg["batch"]])
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        self.epoch += 1
        self.last_loss = loss.item()


class StatusPrompt:
    """sys.ps1 is str()-ed before every prompt, so this always shows the live state."""

    def __init__(self, session, continuation=False):
        self.session = session
        self.continuation = continuation

    def __str__(self):
        if self.continuation:
            return "... "
        s = self.session
        return f"[{s.cfg['name']} ep {s.epoch} loss {s.last_loss:.2f}] >>> "


def install_prompt(session):
    sys.ps1 = StatusPrompt(session)  # retain
    sys.ps2 = StatusPrompt(session, continuation=True)  # retain


def main():
    torch.manual_seed(0)
    x = torch.randn(256, 20)
    y = torch.randint(0, 5, (256,))
    session = Session(CONFIG)
    install_prompt(session)
    for _ in range(CONFIG["epochs"]):
        session.run_epoch(x, y)
        print(str(sys.ps1).strip())


if __name__ == "__main__":
    main()
