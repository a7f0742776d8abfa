"""Sequence classifier trained under a per-epoch hang watchdog (SIGALRM + interval timer)."""
import signal
import sys
import traceback

import torch
import torch.nn as nn
import torch.nn.functional as F


class EpochTimeout(RuntimeError):
    pass


class AlarmWatchdog:
    def __init__(self, trainer, timeout_s):
        self.trainer = trainer
        self.timeout_s = timeout_s
        self._previous = signal.SIG_DFL
        self._armed = False
        self.fired = 0

    def _on_timeout(self, signum, frame):
        self.fired += 1
        state = self.trainer.state_summary()
        sys.stderr.write(f"epoch exceeded {self.timeout_s}s at {state}\n")
        traceback.print_stack(frame, limit=4, file=sys.stderr)
        raise EpochTimeout(state)

    def arm(self):
        if not self._armed:
            self._previous = signal.signal(signal.SIGALRM, self._on_timeout)
            self._armed = True
        signal.setitimer(signal.ITIMER_REAL, self.timeout_s)

    def disarm(self):
        signal.setitimer(signal.ITIMER_REAL, 0)
        if self._armed:
            signal.signal(signal.SIGALRM, self._previous)
            self._previous = signal.SIG_DFL
            self._armed = False


CONFIG = {"vocab": 50, "embed": 16, "hidden": 24, "classes": 4,
          "epochs": 3, "steps": 3, "epoch_timeout_s": 120.0, "lr": 3e-3}


class GRUClassifier(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Embedding(cfg["vocab"], cfg["embed"])
        self.rnn = nn.GRU(cfg["embed"], cfg["hidden"], batch_first=True)
        self.head = nn.Linear(cfg["hidden"], cfg["classes"])

    def forward(self, tokens):
        _, h = self.rnn(self.embed(tokens))
        return self.head(h[-1])


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = GRUClassifier(cfg)
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=cfg["lr"])
        self.epoch = 0
        self.step = 0

    def state_summary(self):
        return {"epoch": self.epoch, "step": self.step}

    def _batch(self):
        tokens = torch.randint(0, self.cfg["vocab"], (8, 12))
        labels = tokens[:, 0] % self.cfg["classes"]
        return tokens, labels

    def train_epoch(self):
        total = 0.0
        for _ in range(self.cfg["steps"]):
            tokens, labels = self._batch()
            loss = F.cross_entropy(self.model(tokens), labels)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            total += loss.item()
            self.step += 1
        return total / self.cfg["steps"]

    def evaluate(self, batches=4):
        self.model.eval()
        correct = 0
        with torch.no_grad():
            for _ in range(batches):
                tokens, labels = self._batch()
                correct += (self.model(tokens).argmax(dim=1) == labels).sum().item()
        return correct / (batches * 8)

    def fit(self):
        watchdog = AlarmWatchdog(self, self.cfg["epoch_timeout_s"])
        try:
            for self.epoch in range(self.cfg["epochs"]):
                watchdog.arm()
                print(f"epoch {self.epoch}: loss {self.train_epoch():.4f}")
        finally:
            watchdog.disarm()


def main():
    torch.manual_seed(0)
    trainer = Trainer(CONFIG)
    trainer.fit()
    print(f"accuracy {trainer.evaluate():.3f}")


if __name__ == "__main__":
    main()
