"""Curriculum training of a small regressor; the sampler paces itself on a shared progress object."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from progress import TrainingProgress
from sampling import CompetenceSampler

DEFAULTS = {"lr": 5e-3, "batch_size": 16, "warmup_epochs": 2, "epochs": 3}


def make_dataset(n=80, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 6, generator=g)
    noise = torch.rand(n, generator=g)
    y = x[:, :2].sum(1, keepdim=True) + noise.unsqueeze(1) * torch.randn(n, 1, generator=g)
    return TensorDataset(x, y), noise


class CurriculumTrainer:
    def __init__(self, model, dataset, difficulty, **overrides):
        self.cfg = {**DEFAULTS, **overrides}
        self.model = model
        self.progress = TrainingProgress(max_epochs=self.cfg["epochs"], warmup_epochs=self.cfg["warmup_epochs"])
        self.optimizer = torch.optim.Adam(model.parameters(), lr=self.cfg["lr"])
        sampler = CompetenceSampler(difficulty, self.progress.warmup_fraction)
        self.loader = DataLoader(dataset, batch_size=self.cfg["batch_size"], sampler=sampler)

    def train_epoch(self):
        total, seen = 0.0, 0
        for x, y in self.loader:
            loss = nn.functional.smooth_l1_loss(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            self.progress.global_step += 1
            total += loss.item() * len(x)
            seen += len(x)
        return total / seen

    def fit(self):
        while self.progress.epoch < self.progress.max_epochs:
            self.progress.end_epoch(self.train_epoch())
        return self.progress.epoch_losses


def main():
    dataset, difficulty = make_dataset()
    for restart in range(2):
        torch.manual_seed(restart)
        model = nn.Sequential(nn.Linear(6, 32), nn.ReLU(), nn.Linear(32, 1))
        losses = CurriculumTrainer(model, dataset, difficulty, lr=5e-3 / (restart + 1)).fit()
        assert len(losses) == DEFAULTS["epochs"]


if __name__ == "__main__":
    main()
