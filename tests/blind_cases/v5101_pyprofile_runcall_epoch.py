"""Regression trainer with an optional deterministic profiler around each epoch.

The pure-Python ``profile`` module is used instead of cProfile so that the
timer can be calibrated (``bias``) and the numbers compared across machines.
"""
import io
import pstats
import profile

import torch
import torch.nn as nn

CONFIG = {
    "in_features": 12,
    "hidden": 32,
    "epochs": 2,
    "batches_per_epoch": 4,
    "batch_size": 16,
    "lr": 1e-2,
    "profile": True,
    "profile_bias": 0.0,
}


def make_batches(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    batches = []
    for _ in range(cfg["batches_per_epoch"]):
        x = torch.randn(cfg["batch_size"], cfg["in_features"], generator=gen)
        y = x.sum(dim=1, keepdim=True) + 0.1 * torch.randn(cfg["batch_size"], 1, generator=gen)
        batches.append((x, y))
    return batches


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(
            nn.Linear(cfg["in_features"], cfg["hidden"]),
            nn.Tanh(),
            nn.Linear(cfg["hidden"], 1),
        )
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=cfg["lr"])
        self.loss_fn = nn.MSELoss()
        self.epoch_profiles = []
        self.history = []

    def _train_epoch(self, batches):
        self.model.train()
        total = 0.0
        for x, y in batches:
            self.optimizer.zero_grad()
            loss = self.loss_fn(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            total += loss.item()
        return total / len(batches)

    def train_epoch(self, batches):
        if not self.cfg["profile"]:
            return self._train_epoch(batches)
        prof = profile.Profile(bias=self.cfg["profile_bias"])
        self.epoch_profiles.append(prof)  # cycle
        return prof.runcall(self._train_epoch, batches)  # cycle

    def fit(self, batches):
        for epoch in range(self.cfg["epochs"]):
            mean_loss = self.train_epoch(batches)
            self.history.append(mean_loss)
            print(f"epoch {epoch}: loss {mean_loss:.4f}")
        return self.history

    def profile_report(self, limit=5):
        if not self.epoch_profiles:
            return ""
        out = io.StringIO()
        stats = pstats.Stats(*self.epoch_profiles, stream=out)
        stats.sort_stats("cumulative").print_stats(limit)
        return out.getvalue()


def main():
    for seed in range(2):
        trainer = Trainer(CONFIG)
        trainer.fit(make_batches(CONFIG, seed))
        report = trainer.profile_report()
        print(report.splitlines()[0] if report else "no profile")


if __name__ == "__main__":
    main()
