"""sklearn-compatible wrapper around a torch regressor."""
import torch
import torch.nn as nn

from callbacks import BestWeights, EpochTimer


class NeuralNet:
    default_callbacks = []

    def __init__(self, module, lr=0.05, max_epochs=4, batch_size=16, callbacks=None, module__hidden=16):
        self.module = module
        self.lr = lr
        self.max_epochs = max_epochs
        self.batch_size = batch_size
        self.callbacks = callbacks
        self.module__hidden = module__hidden

    def get_params(self):
        return {k: getattr(self, k) for k in ("module", "lr", "max_epochs", "batch_size", "callbacks",
                                              "module__hidden")}

    def set_params(self, **params):
        for key, value in params.items():
            setattr(self, key, value)
        return self

    def initialize(self):
        self.module_ = self.module(hidden=self.module__hidden)
        self.optimizer_ = torch.optim.Adam(self.module_.parameters(), lr=self.lr)
        named = list(self.default_callbacks) + list(self.callbacks or [])
        self.callbacks_ = [(name, cb.initialize()) for name, cb in named]
        self.history = []

    def notify(self, hook):
        for _, cb in self.callbacks_:
            getattr(cb, hook)(self)

    def run_epoch(self, X, y, train):
        total = 0.0
        for i in range(0, len(X), self.batch_size):
            xb, yb = X[i:i + self.batch_size], y[i:i + self.batch_size]
            with torch.set_grad_enabled(train):
                loss = nn.functional.mse_loss(self.module_(xb).squeeze(-1), yb)
            if train:
                self.optimizer_.zero_grad()
                loss.backward()
                self.optimizer_.step()
            total += loss.item() * len(xb)
        return total / len(X)

    def fit(self, X, y, X_valid, y_valid):
        self.initialize()
        for epoch in range(self.max_epochs):
            self.history.append({"epoch": epoch + 1})
            self.history[-1]["train_loss"] = self.run_epoch(X, y, train=True)
            self.history[-1]["valid_loss"] = self.run_epoch(X_valid, y_valid, train=False)
            self.notify("on_epoch_end")
        self.notify("on_train_end")
        return self

    def score(self, X, y):
        with torch.no_grad():
            pred = self.module_(X).squeeze(-1)
        return 1.0 - float(((pred - y) ** 2).sum() / ((y - y.mean()) ** 2).sum())


class RegressorNet(NeuralNet):
    default_callbacks = [
        ("epoch_timer", EpochTimer()),
        ("best_weights", BestWeights(monitor="valid_loss")),  # retain
    ]
