"""Per-fold trainer; one-shot sanity checks run on the first batch of each fit."""
import torch
import torch.nn as nn

import events

CFG = {"folds": 3, "steps": 5, "batch": 16, "in_dim": 12, "hidden": 24, "classes": 3, "lr": 0.1}


class FoldTrainer:
    def __init__(self, cfg, fold):
        self.cfg = cfg
        self.fold = fold
        self.model = nn.Sequential(nn.Linear(cfg["in_dim"], cfg["hidden"]), nn.ReLU(),
                                   nn.Linear(cfg["hidden"], cfg["classes"]))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"])
        self.history = []
        self.first_batch_stats = None

    def _check_inputs(self, sender, x, y, loss):
        self.first_batch_stats = {"x_mean": x.mean().item(), "n_classes": int(y.unique().numel()),
                                  "loss": loss}

    def _announce(self, sender, **_):
        print(f"fold {self.fold}: {sum(p.numel() for p in self.model.parameters())} params")

    def _track(self, sender, x, y, loss):
        self.history.append(loss)

    def fit(self):
        events.fit_started.connect_once(self._announce)
        events.batch_finished.connect_once(self._check_inputs)
        events.batch_finished.connect(self._track)
        try:
            events.fit_started.send(self)
            for _ in range(self.cfg["steps"]):
                x = torch.randn(self.cfg["batch"], self.cfg["in_dim"])
                y = torch.randint(0, self.cfg["classes"], (self.cfg["batch"],))
                loss = nn.functional.cross_entropy(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                events.batch_finished.send(self, x=x, y=y, loss=loss.item())
            events.fit_finished.send(self, history=list(self.history))
        finally:
            events.batch_finished.disconnect(self._track)
        return self.history[-1]


def main():
    for fold in range(CFG["folds"]):
        trainer = FoldTrainer(CFG, fold)
        print(f"fold {fold} final loss {trainer.fit():.3f}")


if __name__ == "__main__":
    main()
