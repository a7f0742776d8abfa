"""Torch-backed transformers and a ridge regressor."""
import torch
import torch.nn as nn

from pipeline import BaseEstimator


class AutoencoderProjector(BaseEstimator):
    def __init__(self, n_components=4, epochs=20, lr=0.05):
        self.n_components = n_components
        self.epochs = epochs
        self.lr = lr

    def fit(self, X):
        self.encoder_ = nn.Linear(X.shape[1], self.n_components)
        decoder = nn.Linear(self.n_components, X.shape[1])
        opt = torch.optim.Adam([*self.encoder_.parameters(), *decoder.parameters()], lr=self.lr)
        for _ in range(self.epochs):
            loss = ((decoder(torch.tanh(self.encoder_(X))) - X) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        return self

    def transform(self, X):
        with torch.no_grad():
            return torch.tanh(self.encoder_(X))


class RidgeRegressor(BaseEstimator):
    def __init__(self, alpha=1.0):
        self.alpha = alpha

    def fit(self, X, y):
        Xb = torch.cat([X, torch.ones(len(X), 1)], dim=1)
        gram = Xb.T @ Xb + self.alpha * torch.eye(Xb.shape[1])
        self.coef_ = torch.linalg.solve(gram, Xb.T @ y)
        return self

    def predict(self, X):
        return torch.cat([X, torch.ones(len(X), 1)], dim=1) @ self.coef_
