"""Learning-rate range check for a linear regression probe: each candidate learning rate gets
its own trainer; runs whose loss blows up are reported and skipped."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

from progress import ProgressBar


class DivergenceError(FloatingPointError):
    pass


class RegressionTrainer:
    def __init__(self, n_features, lr, max_loss=1e4):
        self.model = nn.Sequential(nn.Linear(n_features, 16), nn.Linear(16, 1))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=lr)
        self.lr = lr
        self.max_loss = max_loss
        self.last_loss = float("nan")
        self.step = 0
        self._bar = None

    def _describe(self):
        return f"loss={self.last_loss:.4f} lr={self.lr:g}"

    def _train_step(self, x, y):
        loss = F.mse_loss(self.model(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.step += 1
        return loss.item()

    def fit(self, batches, epochs):
        self._bar = ProgressBar(total=epochs * len(batches), describe=self._describe)  # cycle
        for epoch in range(epochs):
            for x, y in batches:
                self.last_loss = self._train_step(x, y)
                if not math.isfinite(self.last_loss) or self.last_loss > self.max_loss:
                    raise DivergenceError(f"loss {self.last_loss:.3g} at step {self.step} (lr={self.lr:g})")
                self._bar.update()
        self.close()
        return self.last_loss

    def close(self):
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def make_batches(n_batches=4, batch_size=32, n_features=8):
    w = torch.randn(n_features, 1)
    batches = []
    for _ in range(n_batches):
        x = torch.randn(batch_size, n_features)
        batches.append((x, x @ w + 0.1 * torch.randn(batch_size, 1)))
    return batches


def main():
    torch.manual_seed(0)
    batches = make_batches()
    finished, diverged = {}, {}
    for lr in (0.01, 0.05, 2.0):
        trainer = RegressionTrainer(n_features=8, lr=lr)
        try:
            finished[lr] = trainer.fit(batches, epochs=3)
        except DivergenceError as err:
            diverged[lr] = str(err)
    print("finished:", finished)
    print("diverged:", diverged)


if __name__ == "__main__":
    main()
