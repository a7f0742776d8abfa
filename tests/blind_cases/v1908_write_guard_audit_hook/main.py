"""Lightning-style fit() loop run once per data split, each in its own scratch directory."""
import json
import os
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F

from callbacks import ModelCheckpoint, WriteGuard


class TinyConvNet(nn.Module):
    def __init__(self, channels=8, classes=3):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, channels, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(2))
        self.classifier = nn.Linear(channels * 4, classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


class Trainer:
    def __init__(self, default_root_dir, max_epochs=2, callbacks=()):
        self.default_root_dir = default_root_dir
        self.max_epochs = max_epochs
        self.callbacks = list(callbacks)
        self.global_step = 0
        self.current_epoch = 0

    def _hook(self, name, *args):
        for cb in self.callbacks:
            getattr(cb, name)(self, *args)

    def fit(self, model, optimizer, batches, hparams):
        self.model, self.optimizer = model, optimizer
        self._hook("setup", model, "fit")
        with open(os.path.join(self.default_root_dir, "hparams.json"), "w") as fh:
            json.dump(hparams, fh)
        for self.current_epoch in range(self.max_epochs):
            for x, y in batches:
                loss = F.cross_entropy(model(x), y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                self.global_step += 1
            self._hook("on_train_epoch_end", model)
        self._hook("teardown", model, "fit")


def main():
    hparams = {"lr": 0.05, "channels": 8, "epochs": 2}
    for split in range(2):
        torch.manual_seed(split)
        batches = [(torch.randn(4, 1, 6, 6), torch.randint(0, 3, (4,))) for _ in range(3)]
        model = TinyConvNet(hparams["channels"])
        optimizer = torch.optim.SGD(model.parameters(), lr=hparams["lr"])
        with tempfile.TemporaryDirectory() as root:
            trainer = Trainer(root, hparams["epochs"], callbacks=[ModelCheckpoint(), WriteGuard()])
            trainer.fit(model, optimizer, batches, hparams)


if __name__ == "__main__":
    main()
