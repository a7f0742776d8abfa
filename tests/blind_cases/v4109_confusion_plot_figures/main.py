"""Cross-validation folds, each training a classifier and plotting its validation confusion matrix."""
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F

from callbacks import ConfusionMatrixPlot

CLASSES = ["cat", "dog", "bird"]


class Trainer:
    def __init__(self, name, model, callbacks=()):
        self.name = name
        self.model = model
        self.callbacks = list(callbacks)
        self.opt = torch.optim.Adam(model.parameters(), lr=1e-2)
        self.artifacts = []

    def fit(self, train, val, epochs=3):
        for epoch in range(epochs):
            self.model.train()
            for x, y in train:
                loss = F.cross_entropy(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            outputs = self.validate(val)
            for cb in self.callbacks:
                cb.on_validation_end(self, epoch, outputs)

    @torch.no_grad()
    def validate(self, val):
        self.model.eval()
        preds, targets = zip(*[(self.model(x).argmax(-1), y) for x, y in val])
        return {"preds": torch.cat(preds), "targets": torch.cat(targets)}


def make_loader(n_batches, seed):
    g = torch.Generator().manual_seed(seed)
    xs = [torch.randn(16, 6, generator=g) for _ in range(n_batches)]
    return [(x, x[:, :3].argmax(dim=1)) for x in xs]


def main():
    with tempfile.TemporaryDirectory() as out_dir:
        for fold in range(2):
            model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, len(CLASSES)))
            trainer = Trainer(f"fold{fold}", model, [ConfusionMatrixPlot(out_dir, CLASSES)])
            trainer.fit(make_loader(4, fold), make_loader(2, 10 + fold))
            print(trainer.name, [p.rsplit("/", 1)[-1] for p in trainer.artifacts])


if __name__ == "__main__":
    main()
