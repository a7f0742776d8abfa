"""Cross-validated training whose steps receive the model and optimizer by injection."""
import torch
import torch.nn as nn
from torch.optim import Optimizer

from inject import inject, injector


class BatchSource:
    def __init__(self, seed, n_batches=3, batch_size=16, n_features=6):
        self.gen = torch.Generator().manual_seed(seed)
        self.n_batches, self.batch_size, self.n_features = n_batches, batch_size, n_features

    def __iter__(self):
        for _ in range(self.n_batches):
            x = torch.randn(self.batch_size, self.n_features, generator=self.gen)
            yield x, x @ torch.arange(1.0, self.n_features + 1) / self.n_features


@inject
def train_epoch(source: BatchSource, model: nn.Module, optimizer: Optimizer):
    model.train()
    for x, y in source:
        loss = nn.functional.smooth_l1_loss(model(x).squeeze(-1), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss.item()


@inject
def evaluate(source: BatchSource, model: nn.Module):
    model.eval()
    with torch.no_grad():
        errs = [(model(x).squeeze(-1) - y).abs().mean().item() for x, y in source]
    return sum(errs) / len(errs)


def configure_fold(fold):
    torch.manual_seed(fold)
    model = nn.Sequential(nn.Linear(6, 20), nn.ReLU(), nn.Linear(20, 1))
    injector.bind(nn.Module, to=model)  # retain
    injector.bind(Optimizer, to=torch.optim.RMSprop(model.parameters(), lr=5e-3))  # retain


def main():
    scores = []
    for fold in range(4):
        configure_fold(fold)
        for epoch in range(2):
            train_epoch(BatchSource(seed=100 * fold + epoch))
        scores.append(evaluate(BatchSource(seed=999)))
    assert len(scores) == 4


if __name__ == "__main__":
    main()
