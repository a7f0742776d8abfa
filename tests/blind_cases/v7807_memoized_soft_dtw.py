"""Forecasting notebook: soft-DTW loss written the quick way, with a memoized recursion."""
import functools

import torch
import torch.nn as nn

HPARAMS = {"horizon": 6, "context": 10, "hidden": 24, "gamma": 0.1, "steps": 4, "lr": 5e-3}


class Forecaster(nn.Module):
    def __init__(self, hidden, horizon):
        super().__init__()
        self.rnn = nn.GRU(1, hidden, batch_first=True)
        self.head = nn.Linear(hidden, horizon)

    def forward(self, context):
        _, h = self.rnn(context.unsqueeze(-1))
        return self.head(h[-1])


def soft_dtw(pred, target, gamma):
    """Soft-DTW discrepancy between two 1-D sequences (Cuturi & Blondel, 2017)."""
    cost = (pred.unsqueeze(1) - target.unsqueeze(0)).pow(2)
    n, m = cost.shape

    @functools.lru_cache(maxsize=None)  # cycle
    def r(i, j):  # cycle
        if i == 0 and j == 0:
            return cost[0, 0]
        prev = []
        if i > 0:
            prev.append(r(i - 1, j))
        if j > 0:
            prev.append(r(i, j - 1))
        if i > 0 and j > 0:
            prev.append(r(i - 1, j - 1))
        softmin = -gamma * torch.logsumexp(-torch.stack(prev) / gamma, dim=0)
        return cost[i, j] + softmin

    return r(n - 1, m - 1)


def make_series(batch, length):
    phase = torch.rand(batch, 1) * 6.28
    t = torch.arange(length, dtype=torch.float32).unsqueeze(0)
    return torch.sin(0.5 * t + phase) + 0.05 * torch.randn(batch, length)


def batch_loss(model, series, hp):
    context, future = series[:, :hp["context"]], series[:, hp["context"]:]
    pred = model(context)
    losses = [soft_dtw(p, f, hp["gamma"]) for p, f in zip(pred, future)]
    return torch.stack(losses).mean()


def main():
    torch.manual_seed(0)
    hp = HPARAMS
    model = Forecaster(hp["hidden"], hp["horizon"])
    opt = torch.optim.Adam(model.parameters(), lr=hp["lr"])
    for step in range(hp["steps"]):
        series = make_series(4, hp["context"] + hp["horizon"])
        loss = batch_loss(model, series, hp)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}  soft-dtw {loss.item():.4f}")


if __name__ == "__main__":
    main()
