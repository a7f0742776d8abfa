"""Trains a small regressor for several configurations, each as a tracked run."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from runlog import LOGGER, TrackedRun

SEARCH_SPACE = [{"depth": 1, "lr": 0.01}, {"depth": 2, "lr": 0.01}, {"depth": 2, "lr": 0.003}]


class Trainer:
    def __init__(self, run, model, lr):
        self.run = run
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)

    def train_epoch(self, epoch, n_batches=3):
        self.model.train()
        running = 0.0
        for _ in range(n_batches):
            x = torch.randn(16, 6)
            y = x.sum(dim=1, keepdim=True)
            loss = F.smooth_l1_loss(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            running += loss.item()
        avg = running / n_batches
        self.run.log(train_loss=avg)
        LOGGER.info("[%s] epoch %d train_loss=%.4f", self.run, epoch, avg)  # cycle
        return avg

    def fit(self, epochs):
        self.run.start()
        for epoch in range(epochs):
            self.train_epoch(epoch)
        return self.run.finish()


def build_model(depth, width=24):
    layers, d_in = [], 6
    for _ in range(depth):
        layers += [nn.Linear(d_in, width), nn.SiLU()]
        d_in = width
    return nn.Sequential(*layers, nn.Linear(d_in, 1))


def main():
    summaries = []
    for i, cfg in enumerate(SEARCH_SPACE):
        run = TrackedRun("regression", f"trial{i}", cfg)
        trainer = Trainer(run, build_model(cfg["depth"]), cfg["lr"])
        summaries.append(trainer.fit(epochs=3))
    best = min(range(len(summaries)), key=lambda i: summaries[i]["train_loss"])
    assert 0 <= best < len(SEARCH_SPACE)


if __name__ == "__main__":
    main()
