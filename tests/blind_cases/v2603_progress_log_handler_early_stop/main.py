"""Small text-classifier runs with patience-based early stopping; each run logs its
progress through the shared experiment logger."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F

from runlog import attach_run, detach_run, log_metrics


@dataclass
class EarlyStopping:
    patience: int = 1
    min_delta: float = 0.05
    best: float = float("inf")
    bad_epochs: int = 0

    def step(self, value):
        if value < self.best - self.min_delta:
            self.best, self.bad_epochs = value, 0
            return False
        self.bad_epochs += 1
        return self.bad_epochs > self.patience


@dataclass
class Run:
    name: str
    model: nn.Module
    lr: float
    max_epochs: int = 4
    patience: int = 1
    history: list = field(default_factory=list)
    global_step: int = 0

    def __post_init__(self):
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=self.lr)
        self.stopper = EarlyStopping(patience=self.patience)

    def _train_epoch(self, batches):
        self.model.train()
        total = 0.0
        for x, y in batches:
            loss = F.cross_entropy(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            self.global_step += 1
            total += loss.item()
        return total / len(batches)

    @torch.no_grad()
    def _validate(self, batches):
        self.model.eval()
        return sum(F.cross_entropy(self.model(x), y).item() for x, y in batches) / len(batches)

    def fit(self, train_batches, val_batches):
        handler = attach_run(self)
        for epoch in range(self.max_epochs):
            train_loss = self._train_epoch(train_batches)
            val_loss = self._validate(val_batches)
            log_metrics("%s epoch %d", self.name, epoch, train_loss=train_loss, val_loss=val_loss)
            if self.stopper.step(val_loss):
                log_metrics("%s stopped early at epoch %d", self.name, epoch, best=self.stopper.best)
                return self.stopper.best
        detach_run(handler)
        return self.stopper.best


class BagOfEmbeddings(nn.Module):
    def __init__(self, vocab=50, dim=16, n_classes=3):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.head = nn.Linear(dim, n_classes)

    def forward(self, tokens):
        return self.head(torch.tanh(self.embed(tokens)))


def main():
    torch.manual_seed(0)
    make = lambda n: [(torch.randint(0, 50, (8, 6)), torch.randint(0, 3, (8,))) for _ in range(n)]
    train_batches, val_batches = make(3), make(2)
    results = {}
    for name, lr, patience in (("fast", 3e-2, 1), ("baseline", 1e-2, 4)):
        run = Run(name, BagOfEmbeddings(), lr, patience=patience)
        results[name] = (run.fit(train_batches, val_batches), len(run.history))
    print(results)


if __name__ == "__main__":
    main()
