"""Torch-backed feature encoders with the sklearn transformer interface."""
import torch
import torch.nn as nn

from base import TransformerMixin


class RobustScaler(TransformerMixin):
    def fit(self, X, y=None):
        self.center_ = X.median(dim=0).values
        q = torch.quantile(X, torch.tensor([0.25, 0.75]), dim=0)
        self.scale_ = (q[1] - q[0]).clamp_min(1e-6)
        return self

    def transform(self, X):
        return ((X - self.center_) / self.scale_).tolist()


class LearnedEmbedding(TransformerMixin):
    def __init__(self, n_components=4, epochs=15, lr=0.05):
        self.n_components = n_components
        self.epochs = epochs
        self.lr = lr

    def fit(self, X, y=None):
        X = torch.as_tensor(X, dtype=torch.float32)
        self.encoder_ = nn.Sequential(nn.Linear(X.shape[1], self.n_components), nn.Tanh())
        decoder = nn.Linear(self.n_components, X.shape[1])
        opt = torch.optim.Adam(list(self.encoder_.parameters()) + list(decoder.parameters()), lr=self.lr)
        for _ in range(self.epochs):
            loss = nn.functional.mse_loss(decoder(self.encoder_(X)), X)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return self

    def transform(self, X):
        with torch.no_grad():
            return self.encoder_(torch.as_tensor(X, dtype=torch.float32))
