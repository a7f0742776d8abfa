"""Estimator wrapper: fit / predict / score around a torch module."""
import torch
import torch.nn as nn

from history import History


class NeuralNetRegressor:
    def __init__(self, module, lr=0.05, max_epochs=5, batch_size=16, step_size=2, gamma=0.5):
        self.module = module
        self.lr = lr
        self.max_epochs = max_epochs
        self.batch_size = batch_size
        self.step_size = step_size
        self.gamma = gamma

    def get_params(self):
        return {k: getattr(self, k) for k in ("module", "lr", "max_epochs", "batch_size", "step_size", "gamma")}

    def set_params(self, **params):
        for key, value in params.items():
            setattr(self, key, value)
        return self

    def initialize(self):
        self.module_ = self.module()
        self.optimizer_ = torch.optim.SGD(self.module_.parameters(), lr=self.lr, momentum=0.9)
        self.scheduler_ = torch.optim.lr_scheduler.StepLR(self.optimizer_, self.step_size, self.gamma)
        self.history_ = History()  # cycle
        self.history_.add_derived("lr", lambda row: self.optimizer_.param_groups[0]["lr"])  # cycle
        self.history_.add_derived("gap", lambda row: row["valid_loss"] - row["train_loss"])
        return self

    def fit(self, X, y, X_valid, y_valid):
        self.initialize()
        for epoch in range(self.max_epochs):
            self.history_.new_epoch(epoch=epoch + 1)
            self.module_.train()
            perm = torch.randperm(len(X))
            for i in range(0, len(X), self.batch_size):
                idx = perm[i:i + self.batch_size]
                loss = nn.functional.mse_loss(self.module_(X[idx]).squeeze(-1), y[idx])
                self.optimizer_.zero_grad()
                loss.backward()
                self.optimizer_.step()
                self.history_.record_batch("train_loss", loss.item())
            batch_losses = [b["train_loss"] for b in self.history_[-1, "batches"]]
            self.history_.record("train_loss", sum(batch_losses) / len(batch_losses))
            self.history_.record("valid_loss", -self.score(X_valid, y_valid))
            self.history_.finish_epoch()
            self.scheduler_.step()
        return self

    def predict(self, X):
        self.module_.eval()
        with torch.no_grad():
            return self.module_(X).squeeze(-1)

    def score(self, X, y):
        return -float(nn.functional.mse_loss(self.predict(X), y))
