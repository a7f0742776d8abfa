"""Hyperparameter sweep in one process; SIGTERM from the scheduler triggers an emergency save."""
import functools
import io
import signal
import sys

import torch
import torch.nn as nn

SWEEP = {"dropout": [0.0, 0.1, 0.3], "steps": 6}


class Trainer:
    def __init__(self, dropout):
        self.dropout = dropout
        self.step = 0
        self.model = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Dropout(dropout), nn.Linear(64, 1))
        self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.emergency = None

    def save_emergency(self):
        buf = io.BytesIO()
        torch.save({"step": self.step, "model": self.model.state_dict(),
                    "opt": self.opt.state_dict(), "dropout": self.dropout}, buf)
        self.emergency = buf.getvalue()

    def fit(self):
        for self.step in range(SWEEP["steps"]):
            x = torch.randn(32, 16)
            loss = (self.model(x) - x[:, :1]).abs().mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return loss.item()


def _checkpoint_and_exit(trainer, signum, frame):
    trainer.save_emergency()
    sys.exit(128 + signum)


def install_preemption_checkpoint(trainer, sig=signal.SIGTERM):
    current = signal.getsignal(sig)
    if current not in (signal.SIG_DFL, None):
        return False
    signal.signal(sig, functools.partial(_checkpoint_and_exit, trainer))  # retain
    return True


def main():
    for p in SWEEP["dropout"]:
        trainer = Trainer(p)
        installed = install_preemption_checkpoint(trainer)
        final = trainer.fit()
        print(f"dropout={p}: final loss {final:.4f} (SIGTERM handler installed now: {installed})")


if __name__ == "__main__":
    main()
