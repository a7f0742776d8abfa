"""Trains a small residual sequence classifier and logs an FX architecture summary every epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from summary import summarize


class ResidualBlock(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.up = nn.Linear(dim, hidden)
        self.down = nn.Linear(hidden, dim)

    def forward(self, x):
        return x + self.down(F.gelu(self.up(self.norm(x))))


class SequenceClassifier(nn.Module):
    def __init__(self, in_dim=12, dim=24, depth=2, classes=3):
        super().__init__()
        self.stem = nn.Linear(in_dim, dim)
        self.blocks = nn.Sequential(*[ResidualBlock(dim, 2 * dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)).mean(dim=1))


class Trainer:
    def __init__(self, model, lr=3e-3, seq_len=5):
        self.model = model
        self.seq_len = seq_len
        self.opt = torch.optim.AdamW(model.parameters(), lr=lr)
        self.history = []

    def _batches(self, steps):
        for _ in range(steps):
            yield torch.randn(8, self.seq_len, 12), torch.randint(0, 3, (8,))

    def _log_architecture(self, epoch):
        arch = summarize(self.model, torch.zeros(1, self.seq_len, 12))
        self.history.append({"epoch": epoch, "params": arch.total_params, "widest": arch.widest().node})

    def fit(self, epochs=2, steps=4):
        for epoch in range(epochs):
            self._log_architecture(epoch)
            self.model.train()
            for x, y in self._batches(steps):
                loss = F.cross_entropy(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            self.history[-1]["loss"] = loss.item()
        return self.history


def main():
    torch.manual_seed(0)
    for depth in (1, 2):
        trainer = Trainer(SequenceClassifier(depth=depth))
        history = trainer.fit(epochs=2)
        assert history[-1]["params"] > 0


if __name__ == "__main__":
    main()
