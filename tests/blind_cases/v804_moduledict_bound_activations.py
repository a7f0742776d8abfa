"""Searchable MLP block whose activation is picked from a ModuleDict of candidates."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Fn(nn.Module):
    """Wrap a plain callable so it can live inside nn.Sequential / nn.ModuleDict."""

    def __init__(self, fn, name=None):
        super().__init__()
        self.fn = fn  # cycle
        self.name = name or getattr(fn, "__name__", "fn")

    def forward(self, x):
        return self.fn(x)

    def extra_repr(self):
        return self.name


class SearchableMLP(nn.Module):
    def __init__(self, d_in, d_hidden, d_out, beta=1.0):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.fc2 = nn.Linear(d_hidden, d_out)
        self.beta = beta
        self.acts = nn.ModuleDict(self._candidate_activations())  # cycle
        self.choice = "gelu_tanh"

    def _candidate_activations(self):
        return {
            "relu": Fn(F.relu),
            "gelu_tanh": Fn(self._gelu_tanh),  # cycle
            "swish": Fn(self._swish),  # cycle
        }

    def _gelu_tanh(self, x):
        return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x.pow(3))))

    def _swish(self, x):
        return x * torch.sigmoid(self.beta * x)

    def forward(self, x):
        return self.fc2(self.acts[self.choice](self.fc1(x)))


def evaluate(model, x, y):
    with torch.no_grad():
        return F.mse_loss(model(x), y).item()


def try_activation(name, x, y, steps=4):
    model = SearchableMLP(6, 24, 1)
    model.choice = name
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(steps):
        loss = F.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return evaluate(model, x, y)


def main():
    x = torch.randn(32, 6)
    y = x[:, :1] * x[:, 1:2] - x[:, 2:3]
    results = {name: try_activation(name, x, y) for name in ("relu", "gelu_tanh", "swish")}
    best = min(results, key=results.get)
    print("best activation:", best, results[best])


if __name__ == "__main__":
    main()
