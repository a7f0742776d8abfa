"""sklearn-style BaseEstimator with memoised parameter introspection and a randomized search."""
import copy
import functools
import inspect
import random

import torch
import torch.nn as nn


class BaseEstimator:
    @classmethod
    @functools.lru_cache(maxsize=None)
    def _get_param_names(cls):
        sig = inspect.signature(cls.__init__)
        return tuple(sorted(p.name for p in sig.parameters.values()
                            if p.name != "self" and p.kind != p.VAR_KEYWORD))

    def get_params(self, deep=True):
        return {name: getattr(self, name) for name in self._get_param_names()}

    def set_params(self, **params):
        for key, value in params.items():
            if key not in self._get_param_names():
                raise ValueError(f"{key} is not a parameter of {type(self).__name__}")
            setattr(self, key, value)
        return self

    def __repr__(self):
        args = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items())
        return f"{type(self).__name__}({args})"


def clone(estimator):
    return type(estimator)(**{k: copy.deepcopy(v) for k, v in estimator.get_params().items()})


def _neg_mse(y, pred):
    return -float(((y - pred) ** 2).mean())


def _mae(y, pred):
    return -float((y - pred).abs().mean())


@functools.lru_cache(maxsize=None)
def get_scorer(name):
    return {"neg_mse": _neg_mse, "neg_mae": _mae}[name]


class NeuralNetRegressor(BaseEstimator):
    def __init__(self, hidden=16, lr=0.01, max_epochs=20, dropout=0.0):
        self.hidden = hidden
        self.lr = lr
        self.max_epochs = max_epochs
        self.dropout = dropout

    def fit(self, X, y):
        self.module_ = nn.Sequential(nn.Linear(X.shape[1], self.hidden), nn.ReLU(),
                                     nn.Dropout(self.dropout), nn.Linear(self.hidden, 1))
        opt = torch.optim.Adam(self.module_.parameters(), lr=self.lr)
        for _ in range(self.max_epochs):
            loss = nn.functional.mse_loss(self.module_(X).squeeze(-1), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return self

    def predict(self, X):
        self.module_.eval()
        with torch.no_grad():
            return self.module_(X).squeeze(-1)


def randomized_search(estimator, distributions, n_iter, X, y, X_val, y_val, scoring="neg_mse", seed=0):
    rng = random.Random(seed)
    scorer = get_scorer(scoring)
    results = []
    for _ in range(n_iter):
        params = {k: sample(rng) for k, sample in distributions.items()}
        est = clone(estimator).set_params(**params).fit(X, y)
        results.append((scorer(y_val, est.predict(X_val)), params))
    return max(results, key=lambda r: r[0])


def main():
    torch.manual_seed(0)
    X, X_val = torch.randn(80, 3), torch.randn(40, 3)
    f = lambda t: torch.tanh(2 * t[:, 0]) + t[:, 1] * t[:, 2]
    y, y_val = f(X), f(X_val)
    distributions = {
        "hidden": lambda rng: rng.choice([8, 16, 32]),
        "lr": lambda rng: 10 ** rng.uniform(-3, -1.5),
        "dropout": lambda rng: rng.choice([0.0, 0.1]),
    }
    base = NeuralNetRegressor(max_epochs=15)
    score, params = randomized_search(base, distributions, 5, X, y, X_val, y_val)
    print(f"{base!r}: best neg_mse={score:.4f} with {params}")


if __name__ == "__main__":
    main()
