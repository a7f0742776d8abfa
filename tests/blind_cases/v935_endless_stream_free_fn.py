"""Iteration-based trainer for a small sequence regressor. The endless batch
stream is a module-level generator that only sees the tensors it samples from,
so the trainer can hold the generator without the generator holding it."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def endless_windows(series, window, batch_size, generator=None):
    n = series.shape[0] - window - 1
    while True:
        starts = torch.randint(0, n, (batch_size,), generator=generator)
        idx = starts[:, None] + torch.arange(window + 1)
        chunk = series[idx]
        yield chunk[:, :-1, None], chunk[:, -1:]


class GRURegressor(nn.Module):
    def __init__(self, hidden=24):
        super().__init__()
        self.rnn = nn.GRU(1, hidden, batch_first=True)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h, _ = self.rnn(x)
        return self.out(h[:, -1])


class IterTrainer:
    def __init__(self, model, series, window=16, batch_size=8, lr=5e-3, clip=1.0):
        self.model = model
        self.clip = clip
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.rng = torch.Generator().manual_seed(7)
        self.stream = endless_windows(series, window, batch_size, self.rng)
        self.history = []

    def train(self, iters):
        self.model.train()
        for it in range(iters):
            x, y = next(self.stream)
            loss = F.smooth_l1_loss(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(self.model.parameters(), self.clip)
            self.opt.step()
            self.history.append(loss.item())
        return sum(self.history[-iters:]) / iters


def main():
    t = torch.linspace(0, 20, 400)
    series = torch.sin(t) + 0.1 * torch.randn(400)
    for run in range(2):
        trainer = IterTrainer(GRURegressor(), series)
        avg = trainer.train(iters=6)
        print(f"run {run}: avg loss {avg:.4f}")


if __name__ == "__main__":
    main()
