"""Trainer that gives every fit() call its own stop exception, so nested fits stay independent."""
import torch
import torch.nn as nn


class StopTraining(Exception):
    pass


class FitState:
    def __init__(self, max_epochs):
        self.max_epochs = max_epochs
        self.epoch = 0
        self.train_loss = float("inf")
        self.val_loss = float("inf")
        self.stop_signal = StopTraining
        self.stop_message = None


class EarlyStopping:
    def __init__(self, patience=1, min_delta=0.0):
        self.patience, self.min_delta = patience, min_delta
        self.best, self.wait = float("inf"), 0

    def on_epoch_end(self, state):
        if state.val_loss < self.best - self.min_delta:
            self.best, self.wait = state.val_loss, 0
            return
        self.wait += 1
        if self.wait > self.patience:
            raise state.stop_signal(f"val_loss stalled at {self.best:.4f}")


class DivergenceGuard:
    def __init__(self, limit=1e3):
        self.limit = limit

    def on_epoch_end(self, state):
        if state.train_loss > self.limit:
            raise state.stop_signal(f"train_loss {state.train_loss:.1f} exceeded {self.limit}")


class Trainer:
    def __init__(self, run_name, model, callbacks, lr=0.05):
        self.run_name = run_name
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr)
        self.callbacks = list(callbacks)
        self.state = None

    def _epoch(self, batches, train):
        self.model.train(train)
        total = 0.0
        with torch.set_grad_enabled(train):
            for x, y in batches:
                loss = nn.functional.l1_loss(self.model(x), y)
                if train:
                    self.optimizer.zero_grad()
                    loss.backward()
                    self.optimizer.step()
                total += loss.item()
        return total / len(batches)

    def fit(self, train_batches, val_batches, max_epochs=8):
        class StopThisFit(StopTraining):  # cycle
            def describe(exc):  # cycle
                return f"{self.run_name} stopped at epoch {self.state.epoch}: {exc}"

        self.state = FitState(max_epochs)
        self.state.stop_signal = StopThisFit  # cycle
        try:
            for epoch in range(max_epochs):
                self.state.epoch = epoch
                self.state.train_loss = self._epoch(train_batches, train=True)
                self.state.val_loss = self._epoch(val_batches, train=False)
                for cb in self.callbacks:
                    cb.on_epoch_end(self.state)
        except StopThisFit as stop:
            self.state.stop_message = stop.describe()
        return self.state


def main():
    torch.manual_seed(3)
    train = [(torch.randn(20, 4), torch.randn(20, 1)) for _ in range(4)]
    val = [(torch.randn(20, 4), torch.randn(20, 1))]
    for run, lr in (("a", 0.3), ("b", 0.03)):
        model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
        trainer = Trainer(run, model, [EarlyStopping(patience=1, min_delta=0.01), DivergenceGuard()], lr=lr)
        state = trainer.fit(train, val)
        print(state.stop_message or f"{run} ran all {state.max_epochs} epochs")


if __name__ == "__main__":
    main()
