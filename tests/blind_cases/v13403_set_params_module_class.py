"""skorch-style estimator with routed parameters (module__*, optimizer__*) and a small grid search."""
import copy

import torch
import torch.nn as nn


class MLP(nn.Module):
    hidden_dim = 16
    activation = nn.ReLU
    norm = None

    def __init__(self, in_features=6, out_features=1):
        super().__init__()
        layers = [nn.Linear(in_features, self.hidden_dim)]
        if self.norm is not None:
            layers.append(self.norm)
        layers += [self.activation(), nn.Linear(self.hidden_dim, out_features)]
        self.body = nn.Sequential(*layers)

    def forward(self, x):
        return self.body(x)


class NeuralNetRegressor:
    prefixes = ("module", "optimizer")

    def __init__(self, module, optimizer=torch.optim.SGD, lr=0.05, max_epochs=5, batch_size=16):
        self.module = module
        self.optimizer = optimizer
        self.lr = lr
        self.max_epochs = max_epochs
        self.batch_size = batch_size
        self.initialized_ = False

    def get_params(self):
        return {k: getattr(self, k) for k in ("module", "optimizer", "lr", "max_epochs", "batch_size")}

    def set_params(self, **params):
        for key, value in params.items():
            prefix, sep, attr = key.partition("__")
            if sep and prefix in self.prefixes:
                target = getattr(self, prefix + "_") if self.initialized_ else getattr(self, prefix)
                setattr(target, attr, value)  # retain
            else:
                setattr(self, key, value)
        return self

    def initialize(self):
        self.module_ = self.module() if isinstance(self.module, type) else self.module
        self.optimizer_ = self.optimizer(self.module_.parameters(), lr=self.lr)
        self.initialized_ = True
        return self

    def fit(self, X, y):
        if not self.initialized_:
            self.initialize()
        for _ in range(self.max_epochs):
            perm = torch.randperm(len(X))
            for i in range(0, len(X), self.batch_size):
                idx = perm[i:i + self.batch_size]
                loss = nn.functional.mse_loss(self.module_(X[idx]).squeeze(-1), y[idx])
                self.optimizer_.zero_grad()
                loss.backward()
                self.optimizer_.step()
        return self

    def score(self, X, y):
        with torch.no_grad():
            pred = self.module_(X).squeeze(-1)
        return -float(nn.functional.mse_loss(pred, y))


def clone(estimator):
    return type(estimator)(**{k: copy.copy(v) for k, v in estimator.get_params().items()})


def candidate_grid():
    return [
        {"lr": 0.05, "module__hidden_dim": 8},
        {"lr": 0.05, "module__hidden_dim": 16, "module__norm": nn.LayerNorm(16)},
        {"lr": 0.02, "module__hidden_dim": 32, "module__norm": nn.LayerNorm(32), "module__activation": nn.GELU},
    ]


def main():
    torch.manual_seed(0)
    X = torch.randn(64, 6)
    y = X[:, 0] * 2.0 - X[:, 3] + 0.1 * torch.randn(64)
    X_val = torch.randn(32, 6)
    y_val = X_val[:, 0] * 2.0 - X_val[:, 3]
    base = NeuralNetRegressor(MLP, max_epochs=4)
    scores = []
    for params in candidate_grid():
        net = clone(base).set_params(**params)
        net.fit(X, y)
        scores.append((net.score(X_val, y_val), params))
    best_score, best_params = max(scores, key=lambda s: s[0])
    print(f"best neg_mse={best_score:.4f} hidden={best_params['module__hidden_dim']}")


if __name__ == "__main__":
    main()
