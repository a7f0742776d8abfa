"""Tune a pre-built torch classifier (module passed as an instance) for two datasets."""
import torch
import torch.nn as nn

from base import BaseEstimator
from search import GridSearch


class NeuralNetClassifier(BaseEstimator):
    def __init__(self, module, lr=0.1, max_epochs=10, weight_decay=0.0):
        self.module = module
        self.lr = lr
        self.max_epochs = max_epochs
        self.weight_decay = weight_decay

    def fit(self, X, y):
        self.module_ = self.module
        opt = torch.optim.SGD(self.module_.parameters(), lr=self.lr, weight_decay=self.weight_decay)
        for _ in range(self.max_epochs):
            loss = nn.functional.cross_entropy(self.module_(X), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return self

    def score(self, X, y):
        with torch.no_grad():
            return float((self.module_(X).argmax(1) == y).float().mean())


def make_blobs(n, d, shift, seed):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, 2, (n,), generator=g)
    X = torch.randn(n, d, generator=g) + shift * (2 * y[:, None].float() - 1)
    return X, y


def tune(d, shift, seed):
    X, y = make_blobs(96, d, shift, seed)
    X_val, y_val = make_blobs(48, d, shift, seed + 100)
    module = nn.Sequential(nn.Linear(d, 16), nn.ReLU(), nn.Linear(16, 2))
    search = GridSearch(NeuralNetClassifier(module, max_epochs=8),
                        {"lr": [0.05, 0.2], "weight_decay": [0.0, 1e-3]})
    search.fit(X, y, X_val, y_val)
    return search.best_params_, search.best_score_


def main():
    torch.manual_seed(0)
    for d, shift, seed in [(4, 0.8, 0), (6, 0.5, 1)]:
        params, score = tune(d, shift, seed)
        print(f"d={d}: best {params} acc={score:.3f}")


if __name__ == "__main__":
    main()
