"""K-fold regression runs; instrumentation plugins are configured per fold."""
import torch
import torch.nn as nn

from patching import BackwardTimer, GradNormWatch
from plugin_manager import PluginManager

CONFIG = {"folds": 3, "epochs": 2, "lr": 0.01, "hidden": 32}


class Trainer:
    def __init__(self, model, plugins, lr):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
        self.log = {}
        self.plugins = PluginManager(plugins)

    def fit(self, data, epochs):
        self.plugins.setup(self)
        try:
            for epoch in range(epochs):
                for x, y in data:
                    loss = nn.functional.mse_loss(self.model(x), y)
                    self.optimizer.zero_grad()
                    loss.backward()
                    self.optimizer.step()
                self.log["epoch_%d" % epoch] = loss.item()
        finally:
            self.plugins.teardown()
        return self.log


def fold_data(fold, n_batches=4):
    g = torch.Generator().manual_seed(100 + fold)
    xs = [torch.randn(32, 6, generator=g) for _ in range(n_batches)]
    return [(x, x[:, :2].sum(1, keepdim=True) - x[:, 2:3]) for x in xs]


def main():
    results = []
    for fold in range(CONFIG["folds"]):
        model = nn.Sequential(nn.Linear(6, CONFIG["hidden"]), nn.GELU(), nn.Linear(CONFIG["hidden"], 1))
        trainer = Trainer(model, [GradNormWatch(), BackwardTimer()], CONFIG["lr"])
        results.append(trainer.fit(fold_data(fold), CONFIG["epochs"]))
    print([round(r["epoch_1"], 4) for r in results])


if __name__ == "__main__":
    main()
