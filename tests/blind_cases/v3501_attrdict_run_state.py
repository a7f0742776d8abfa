"""K-fold trainer whose configuration and per-fold run state use an attribute-access dict."""
import copy
import math

import torch
import torch.nn as nn


class AttrDict(dict):
    """dict whose keys are also reachable as attributes (cfg.optim.lr)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.__dict__ = self  # cycle

    @classmethod
    def from_nested(cls, obj):
        if isinstance(obj, dict):
            return cls({k: cls.from_nested(v) for k, v in obj.items()})
        if isinstance(obj, list):
            return [cls.from_nested(v) for v in obj]
        return obj

    def merged(self, **overrides):
        out = copy.deepcopy(dict(self))
        out.update(overrides)
        return AttrDict.from_nested(out)


DEFAULTS = {
    "model": {"in_dim": 12, "hidden": 32, "out_dim": 3, "dropout": 0.1},
    "optim": {"lr": 0.05, "momentum": 0.9, "weight_decay": 1e-4},
    "folds": 3,
    "epochs": 2,
    "batches_per_epoch": 4,
}


def build_model(mcfg):
    return nn.Sequential(
        nn.Linear(mcfg.in_dim, mcfg.hidden),
        nn.GELU(),
        nn.Dropout(mcfg.dropout),
        nn.Linear(mcfg.hidden, mcfg.out_dim),
    )


def new_run_state(cfg, fold):
    model = build_model(cfg.model)
    opt = torch.optim.SGD(model.parameters(), lr=cfg.optim.lr,
                          momentum=cfg.optim.momentum, weight_decay=cfg.optim.weight_decay)
    return AttrDict(fold=fold, model=model, optimizer=opt, step=0, best_loss=math.inf, history=[])


def train_epoch(state, cfg):
    state.model.train()
    total = 0.0
    for _ in range(cfg.batches_per_epoch):
        x = torch.randn(16, cfg.model.in_dim)
        y = torch.randint(0, cfg.model.out_dim, (16,))
        loss = nn.functional.cross_entropy(state.model(x), y)
        state.optimizer.zero_grad()
        loss.backward()
        state.optimizer.step()
        state.step += 1
        total += loss.item()
    return total / cfg.batches_per_epoch


def run_fold(cfg, fold):
    torch.manual_seed(fold)
    state = new_run_state(cfg, fold)
    for epoch in range(cfg.epochs):
        avg = train_epoch(state, cfg)
        state.history.append(avg)
        if avg < state.best_loss:
            state.best_loss = avg
    return {"fold": state.fold, "best": state.best_loss, "steps": state.step}


def main():
    cfg = AttrDict.from_nested(DEFAULTS)
    results = [run_fold(cfg, fold) for fold in range(cfg.folds)]
    mean_best = sum(r["best"] for r in results) / len(results)
    assert math.isfinite(mean_best)


if __name__ == "__main__":
    main()
