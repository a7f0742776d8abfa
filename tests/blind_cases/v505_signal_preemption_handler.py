"""Trainer that checkpoints when the job scheduler sends a preemption signal."""
import io
import os
import signal

import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, lr=0.05, max_steps=6, ckpt_every=2):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr)
        self.max_steps = max_steps
        self.ckpt_every = ckpt_every
        self.should_stop = False
        self.step = 0
        self.checkpoints = []
        self.preempted = False
        self._register_signal_handlers()

    def _register_signal_handlers(self, signum=signal.SIGUSR1):
        signal.signal(signum, self._on_preemption)  # retain

    def _on_preemption(self, signum, frame):
        self.preempted = True
        self.should_stop = True

    def save_checkpoint(self):
        buf = io.BytesIO()
        torch.save({"step": self.step,
                    "model": self.model.state_dict(),
                    "optimizer": self.optimizer.state_dict()}, buf)
        self.checkpoints.append(buf.getbuffer().nbytes)

    def train_step(self):
        x = torch.randn(8, 4)
        y = x @ torch.tensor([[1.0], [-2.0], [0.5], [0.0]])
        loss = nn.functional.mse_loss(self.model(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def fit(self):
        while self.step < self.max_steps and not self.should_stop:
            self.train_step()
            self.step += 1
            if self.step % self.ckpt_every == 0:
                self.save_checkpoint()
        if self.should_stop:
            self.save_checkpoint()
        return self.step


def main():
    trainer = Trainer(nn.Linear(4, 1), max_steps=6)
    trainer.fit()
    resumed = Trainer(nn.Linear(4, 1), max_steps=3)
    os.kill(os.getpid(), signal.SIGUSR1)
    steps = resumed.fit()
    assert steps == 0 and resumed.preempted


if __name__ == "__main__":
    main()
