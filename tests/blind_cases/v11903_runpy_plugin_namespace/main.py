"""Cross-validated regression runs with script plugins (EMA, gradient statistics)."""
import os

import torch
import torch.nn as nn

from plugin_host import PluginHost

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIG = {"folds": 3, "steps": 5, "lr": 0.02, "ema_decay": 0.8, "plugins": ["ema", "grad_stats"]}


class Trainer:
    def __init__(self, fold, cfg):
        torch.manual_seed(fold)
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(6, 24), nn.SiLU(), nn.Linear(24, 1))
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=cfg["lr"])
        self.report = {"fold": fold}
        self.plugins = PluginHost(self, os.path.join(HERE, "plugins"), cfg["plugins"], cfg)  # cycle

    def validation_batch(self):
        x = torch.randn(64, 6)
        return x, x.sum(dim=1, keepdim=True).sin()

    def fit(self):
        self.plugins.call("on_fit_start")
        for step in range(self.cfg["steps"]):
            x = torch.randn(32, 6)
            y = x.sum(dim=1, keepdim=True).sin()
            loss = nn.functional.mse_loss(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.plugins.call("on_after_backward", step)
            self.optimizer.step()
            self.plugins.call("on_step_end", step, loss.item())
        self.plugins.call("on_fit_end")
        return self.report


def main():
    reports = [Trainer(fold, CONFIG).fit() for fold in range(CONFIG["folds"])]
    for r in reports:
        print(r)


if __name__ == "__main__":
    main()
