"""Early stopping for an sklearn-style torch classifier; remembers the configuration of the best epoch."""
import math

import torch
import torch.nn as nn


class EarlyStopping:
    def __init__(self, monitor="valid_loss", patience=2, threshold=1e-3):
        self.monitor = monitor
        self.patience = patience
        self.threshold = threshold

    def get_params(self):
        return {"monitor": self.monitor, "patience": self.patience, "threshold": self.threshold}

    def initialize(self):
        self.best_score_ = math.inf
        self.misses_ = 0
        self.best_config_ = None
        return self

    def on_epoch_end(self, net):
        score = net.history[-1][self.monitor]
        if score < self.best_score_ - self.threshold:
            self.best_score_, self.misses_ = score, 0
            params = net.get_params(deep=False)
            params.pop("callbacks")
            self.best_config_ = {"epoch": len(net.history), "params": params}
        else:
            self.misses_ += 1
            net.stop_training_ = self.misses_ >= self.patience


class NeuralNetClassifier:
    def __init__(self, module, lr=0.1, max_epochs=10, callbacks=None, module__hidden=16):
        self.module = module
        self.lr = lr
        self.max_epochs = max_epochs
        self.callbacks = callbacks
        self.module__hidden = module__hidden

    def get_params(self, deep=True):
        params = {k: getattr(self, k) for k in ("module", "lr", "max_epochs", "callbacks", "module__hidden")}
        if deep:
            for name, cb in self.callbacks or []:
                params["callbacks__" + name] = cb
                for key, value in cb.get_params().items():
                    params[f"callbacks__{name}__{key}"] = value
        return params

    def set_params(self, **params):
        callbacks = dict(self.callbacks or [])
        for key, value in params.items():
            if key.startswith("callbacks__"):
                _, name, attr = key.split("__", 2)
                setattr(callbacks[name], attr, value)
            else:
                setattr(self, key, value)
        return self

    def fit(self, X, y, X_valid, y_valid):
        self.module_ = self.module(X.shape[1], self.module__hidden, int(y.max()) + 1)
        opt = torch.optim.SGD(self.module_.parameters(), lr=self.lr)
        self.callbacks_ = [(n, cb.initialize()) for n, cb in self.callbacks or []]
        self.history, self.stop_training_ = [], False
        for epoch in range(self.max_epochs):
            loss = nn.functional.cross_entropy(self.module_(X), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            with torch.no_grad():
                valid_loss = nn.functional.cross_entropy(self.module_(X_valid), y_valid).item()
            self.history.append({"epoch": epoch + 1, "train_loss": loss.item(), "valid_loss": valid_loss})
            for _, cb in self.callbacks_:
                cb.on_epoch_end(self)
            if self.stop_training_:
                break
        return self


def make_mlp(d_in, hidden, n_classes):
    return nn.Sequential(nn.Linear(d_in, hidden), nn.Tanh(), nn.Linear(hidden, n_classes))


def build_estimator(params):
    net = NeuralNetClassifier(make_mlp, max_epochs=8,
                              callbacks=[("early_stopping", EarlyStopping(patience=2))])
    return net.set_params(**params)


def main():
    torch.manual_seed(0)
    X, X_valid = torch.randn(96, 5), torch.randn(48, 5)
    y, y_valid = (X[:, 0] + X[:, 1] > 0).long(), (X_valid[:, 0] + X_valid[:, 1] > 0).long()
    best = None
    for lr in (0.05, 0.2, 0.5):
        for patience in (1, 3):
            net = build_estimator({"lr": lr, "callbacks__early_stopping__patience": patience})
            net.fit(X, y, X_valid, y_valid)
            es = dict(net.callbacks_)["early_stopping"]
            if best is None or es.best_score_ < best[0]:
                best = (es.best_score_, lr, patience, es.best_config_["epoch"])
    print("best valid_loss=%.4f lr=%s patience=%s epoch=%d" % best)


if __name__ == "__main__":
    main()
