"""Curriculum training: DataLoader workers read the trainer's progress to pick sample difficulty."""
import multiprocessing as mp

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset, get_worker_info

from progress import Progress, ProgressManager

CONFIG = {"n": 256, "features": 12, "classes": 4, "epochs": 3, "batch_size": 32,
          "num_workers": 2, "lr": 0.05, "folds": 2}


class CurriculumDataset(Dataset):
    def __init__(self, x, y, difficulty, progress):
        self.x, self.y = x, y
        self.order = difficulty.argsort()
        self.progress = progress
        self.limit = len(x)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        j = self.order[i % self.limit]
        return self.x[j], self.y[j]


def seed_and_limit(worker_id):
    ds = get_worker_info().dataset
    ds.limit = max(1, int(ds.progress.competence() * len(ds.x)))
    torch.manual_seed(torch.initial_seed() % 2 ** 31 + worker_id)


class CurriculumTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.progress = Progress(cfg["epochs"])
        ProgressManager.register("progress", callable=lambda: self.progress)  # retain
        self.manager = ProgressManager(ctx=mp.get_context("fork"))
        self.manager.start()
        self.shared = self.manager.progress()

    def fit(self, x, y, difficulty):
        ds = CurriculumDataset(x, y, difficulty, self.shared)
        loader = DataLoader(ds, batch_size=self.cfg["batch_size"], shuffle=True,
                            num_workers=self.cfg["num_workers"], worker_init_fn=seed_and_limit)
        step = 0
        for epoch in range(self.cfg["epochs"]):
            self.shared.update(epoch, step)
            for xb, yb in loader:
                loss = F.cross_entropy(self.model(xb), yb)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                step += 1
            print(f"epoch {epoch}: competence {self.shared.competence():.2f} loss {loss.item():.4f}")

    def close(self):
        self.manager.shutdown()


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    x = torch.randn(cfg["n"], cfg["features"])
    y = x[:, :cfg["classes"]].argmax(1)
    difficulty = -x[:, :cfg["classes"]].max(1).values
    for fold in range(cfg["folds"]):
        model = nn.Sequential(nn.Linear(cfg["features"], 32), nn.ReLU(), nn.Linear(32, cfg["classes"]))
        trainer = CurriculumTrainer(model, cfg)
        try:
            trainer.fit(x, y, difficulty)
        finally:
            trainer.close()


if __name__ == "__main__":
    main()
