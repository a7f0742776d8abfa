"""Regression trainer that picks its loss and its event hooks by name at construction time."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

EVENTS = ("train_start", "batch_end", "epoch_end")


class Trainer:
    def __init__(self, model, loss="smooth_l1", lr=0.05):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.loss_fn = getattr(self, f"_{loss}_loss")  # cycle
        self.hooks = {event: getattr(self, "on_" + event) for event in EVENTS}  # cycle
        self.history = []
        self.epoch_means = []

    def _mse_loss(self, pred, target):
        return F.mse_loss(pred, target)

    def _smooth_l1_loss(self, pred, target):
        return F.smooth_l1_loss(pred, target, beta=0.5)

    def on_train_start(self):
        self.history.clear()

    def on_batch_end(self, loss_value):
        self.history.append(loss_value)

    def on_epoch_end(self, epoch, n_batches):
        recent = self.history[-n_batches:]
        self.epoch_means.append(sum(recent) / max(1, len(recent)))

    def fire(self, event, *args):
        self.hooks[event](*args)

    def fit(self, loader, epochs=2):
        self.fire("train_start")
        for epoch in range(epochs):
            self.model.train()
            for x, y in loader:
                loss = self.loss_fn(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                self.fire("batch_end", loss.item())
            self.fire("epoch_end", epoch, len(loader))
        return self.epoch_means[-1]


def main():
    torch.manual_seed(0)
    x = torch.randn(64, 6)
    y = x @ torch.randn(6, 1) + 0.1 * torch.randn(64, 1)
    loader = DataLoader(TensorDataset(x, y), batch_size=16, shuffle=True)
    for loss_name in ("smooth_l1", "mse"):
        model = nn.Sequential(nn.Linear(6, 24), nn.SiLU(), nn.Linear(24, 1))
        Trainer(model, loss=loss_name).fit(loader)


if __name__ == "__main__":
    main()
