"""Per-fold trainer that defers its final checkpoint and log flush to teardown."""
import io

import torch
import torch.nn as nn

from lifecycle import TeardownMixin

CONFIG = {"epochs": 3, "batches": 4, "batch_size": 16, "lr": 0.05, "folds": 3}


class FoldTrainer(TeardownMixin):
    def __init__(self, fold, config):
        self.fold = fold
        self.config = dict(config)
        self.model = nn.Sequential(nn.Linear(12, 24), nn.GELU(), nn.Linear(24, 3))
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=config["lr"])
        self.log_lines = []
        self.sink = io.BytesIO()
        self.defer(self._write_final_checkpoint, tag="fold%d" % fold)  # cycle
        self.defer(self.log_lines.clear)

    def _write_final_checkpoint(self, tag):
        torch.save({"tag": tag, "model": self.model.state_dict()}, self.sink)

    def _batches(self, generator):
        for _ in range(self.config["batches"]):
            x = torch.randn(self.config["batch_size"], 12, generator=generator)
            y = torch.randint(0, 3, (self.config["batch_size"],), generator=generator)
            yield x, y

    def train_epoch(self, epoch):
        gen = torch.Generator().manual_seed(1000 * self.fold + epoch)
        total = 0.0
        for x, y in self._batches(gen):
            loss = nn.functional.cross_entropy(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            total += loss.item()
        self.log_lines.append("fold=%d epoch=%d loss=%.4f" % (self.fold, epoch, total))
        return total / self.config["batches"]

    def fit(self):
        return [self.train_epoch(e) for e in range(self.config["epochs"])]


def run_cross_validation(config):
    scores = []
    for fold in range(config["folds"]):
        trainer = FoldTrainer(fold, config)
        history = trainer.fit()
        scores.append(history[-1])
        del trainer
    return sum(scores) / len(scores)


def main():
    score = run_cross_validation(CONFIG)
    print("cv loss %.4f" % score)


if __name__ == "__main__":
    main()
