"""Cross-validation notebook with an interactive learning-rate explorer shown after each fold."""
import copy

import torch
import torch.nn as nn

from nbwidgets import FloatSlider, IntSlider, interactive

CONFIG = {"folds": 3, "epochs": 2, "batches": 3, "hidden": 16}


def make_model(hidden):
    return nn.Sequential(nn.Linear(6, hidden), nn.Tanh(), nn.Linear(hidden, 1))


def train_fold(model, cfg):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _epoch in range(cfg["epochs"]):
        for _ in range(cfg["batches"]):
            x = torch.randn(32, 6)
            loss = nn.functional.mse_loss(model(x), x[:, :1] * 2)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return opt


def lr_explorer(model, batch):
    xb, yb = batch

    def preview(lr, steps):
        probe = copy.deepcopy(model)
        opt = torch.optim.SGD(probe.parameters(), lr=lr)
        for _ in range(int(steps)):
            loss = nn.functional.mse_loss(probe(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return round(loss.item(), 4)

    return interactive(preview,
                       lr=FloatSlider(0.05, min=1e-3, max=0.5),
                       steps=IntSlider(3, min=1, max=10))


def main():
    summary = []
    for fold in range(CONFIG["folds"]):
        torch.manual_seed(fold)
        model = make_model(CONFIG["hidden"])
        train_fold(model, CONFIG)
        x = torch.randn(16, 6)
        panel = lr_explorer(model, (x, x[:, :1] * 2))
        panel.children[0].value = 0.1
        panel.children[1].value = 5
        summary.append((fold, panel.result, len(panel.out.outputs)))
    assert len(summary) == CONFIG["folds"]


if __name__ == "__main__":
    main()
