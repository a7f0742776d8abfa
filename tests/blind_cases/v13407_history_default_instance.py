"""Estimator wrapper whose epoch scoring reuses the predictions cached in the history."""
import torch
import torch.nn as nn


class History(list):
    def new_epoch(self, epoch):
        self.append({"epoch": epoch, "batches": []})

    def record(self, key, value):
        self[-1][key] = value

    def record_batch(self, **values):
        self[-1]["batches"].append(values)  # retain


class EpochR2:
    name = "train_r2"

    def on_epoch_end(self, net):
        batches = net.history[-1]["batches"]
        y_pred = torch.cat([b["y_pred"] for b in batches]).detach()
        y_true = torch.cat([b["y_true"] for b in batches])
        ss_res = ((y_true - y_pred) ** 2).sum()
        ss_tot = ((y_true - y_true.mean()) ** 2).sum()
        net.history.record(self.name, 1.0 - float(ss_res / ss_tot))


class NeuralNetRegressor:
    def __init__(self, module, lr=0.05, max_epochs=4, batch_size=16, callbacks=(), history=History()):  # retain
        self.module = module
        self.lr = lr
        self.max_epochs = max_epochs
        self.batch_size = batch_size
        self.callbacks = callbacks
        self.history = history

    def get_params(self):
        return {"module": self.module, "lr": self.lr, "max_epochs": self.max_epochs,
                "batch_size": self.batch_size, "callbacks": self.callbacks}

    def set_params(self, **params):
        for key, value in params.items():
            setattr(self, key, value)
        return self

    def initialize(self):
        self.module_ = self.module()
        self.optimizer_ = torch.optim.Adam(self.module_.parameters(), lr=self.lr)
        self.history.clear()
        return self

    def train_step(self, xb, yb):
        y_pred = self.module_(xb).squeeze(-1)
        loss = nn.functional.mse_loss(y_pred, yb)
        self.optimizer_.zero_grad()
        loss.backward()
        self.optimizer_.step()
        return loss, y_pred

    def fit(self, X, y):
        self.initialize()
        for epoch in range(1, self.max_epochs + 1):
            self.history.new_epoch(epoch)
            for i in range(0, len(X), self.batch_size):
                xb, yb = X[i:i + self.batch_size], y[i:i + self.batch_size]
                loss, y_pred = self.train_step(xb, yb)
                self.history.record_batch(train_loss=loss.item(), y_pred=y_pred, y_true=yb)
            for cb in self.callbacks:
                cb.on_epoch_end(self)
        return self

    def score(self, X, y):
        with torch.no_grad():
            return -float(nn.functional.mse_loss(self.module_(X).squeeze(-1), y))


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, x):
        return self.layers(x)


def cross_val_score(estimator, X, y, cv=3):
    folds = torch.arange(len(X)) % cv
    scores = []
    for k in range(cv):
        train, test = folds != k, folds == k
        est = type(estimator)(**estimator.get_params())
        scores.append(est.fit(X[train], y[train]).score(X[test], y[test]))
    return sum(scores) / len(scores)


def main():
    torch.manual_seed(0)
    X = torch.randn(90, 5)
    y = X @ torch.tensor([1.0, -2.0, 0.5, 0.0, 0.3]) + 0.1 * torch.randn(90)
    for lr in (0.01, 0.03):
        base = NeuralNetRegressor(Regressor, lr=lr, callbacks=[EpochR2()])
        print(f"lr={lr}: cv neg_mse={cross_val_score(base, X, y):.4f}")


if __name__ == "__main__":
    main()
