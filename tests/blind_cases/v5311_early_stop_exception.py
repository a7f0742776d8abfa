"""Early stopping signalled with an exception raised from a validation callback."""
import math

import torch
import torch.nn as nn


class StopTraining(Exception):
    def __init__(self, reason, epoch, best_score, source):
        super().__init__(reason)
        self.reason = reason
        self.epoch = epoch
        self.best_score = best_score
        self.source = source


class EarlyStopping:
    def __init__(self, patience=2, min_delta=1e-3):
        self.patience = patience
        self.min_delta = min_delta
        self.best = math.inf
        self.wait = 0

    def on_validation_end(self, trainer, epoch, val_loss):
        if val_loss < self.best - self.min_delta:
            self.best, self.wait = val_loss, 0
            return
        self.wait += 1
        if self.wait >= self.patience:
            raise StopTraining(f"no improvement for {self.wait} epochs", epoch, self.best, type(self).__name__)


class HistoryCallback:
    def __init__(self):
        self.val_losses = []

    def on_validation_end(self, trainer, epoch, val_loss):
        self.val_losses.append(val_loss)


class Trainer:
    def __init__(self, model, lr, callbacks):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr)
        self.callbacks = list(callbacks)
        self.stop_info = None
        self.x_val = torch.randn(64, 3)
        self.y_val = self.x_val @ torch.tensor([[0.5], [-1.0], [2.0]])

    def validate(self):
        self.model.eval()
        with torch.no_grad():
            return nn.functional.mse_loss(self.model(self.x_val), self.y_val).item()

    def fit(self, max_epochs):
        try:
            for epoch in range(max_epochs):
                self.model.train()
                x = torch.randn(32, 3)
                loss = nn.functional.mse_loss(self.model(x), x @ torch.tensor([[0.5], [-1.0], [2.0]]))
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                val_loss = self.validate()
                for cb in self.callbacks:
                    cb.on_validation_end(self, epoch, val_loss)
        except StopTraining as stop:
            self.stop_info = {"reason": stop.reason, "epoch": stop.epoch, "best": stop.best_score, "by": stop.source}
        return self.stop_info


def main():
    for lr in (1e-4, 5e-2):
        history = HistoryCallback()
        trainer = Trainer(nn.Linear(3, 1), lr, [history, EarlyStopping(patience=2, min_delta=0.05)])
        info = trainer.fit(max_epochs=12)
        print(f"lr={lr}: {len(history.val_losses)} epochs, stop={info}")


if __name__ == "__main__":
    main()
