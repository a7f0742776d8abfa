"""Pipeline stages that report their own completion to the scheduler that ordered them."""
import torch
import torch.nn as nn


class Stage:
    name = "stage"

    def __init__(self, *deps):
        self.deps = deps
        self.output = None
        self._sorter = None

    def attach(self, sorter):
        self._sorter = sorter  # cycle
        sorter.add(self, *self.deps)  # cycle

    def finish(self, output):
        self.output = output
        self._sorter.done(self)

    def run(self, cfg):
        raise NotImplementedError


class MakeFold(Stage):
    name = "data"

    def __init__(self, fold):
        super().__init__()
        self.fold = fold

    def run(self, cfg):
        g = torch.Generator().manual_seed(self.fold)
        x = torch.randn(cfg["n"], cfg["dim"], generator=g)
        y = (x.sum(1) > 0).long()
        split = int(0.75 * cfg["n"])
        return {"train": (x[:split], y[:split]), "val": (x[split:], y[split:])}


class Standardize(Stage):
    name = "standardize"

    def run(self, cfg):
        data = self.deps[0].output
        mu, sd = data["train"][0].mean(0), data["train"][0].std(0) + 1e-6
        return {k: ((x - mu) / sd, y) for k, (x, y) in data.items()}


class Fit(Stage):
    name = "fit"

    def run(self, cfg):
        (x, y) = self.deps[0].output["train"]
        model = nn.Sequential(nn.Linear(x.shape[1], 16), nn.ReLU(), nn.Linear(16, 2))
        opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
        for _ in range(cfg["steps"]):
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return {"model": model, "optimizer": opt, "last_loss": loss}


class Evaluate(Stage):
    name = "evaluate"

    def run(self, cfg):
        data, fitted = self.deps[0].output, self.deps[1].output
        x, y = data["val"]
        with torch.no_grad():
            acc = (fitted["model"](x).argmax(1) == y).float().mean().item()
        return {"accuracy": acc}
