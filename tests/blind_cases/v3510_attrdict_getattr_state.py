"""Warm-restart schedule search; config and per-run state live in an attribute-access dict."""
import math

import torch
import torch.nn as nn


class AttrDict(dict):
    """dict whose keys are also reachable as attributes (cfg.optim.lr)."""

    __slots__ = ()

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None

    def __setattr__(self, key, value):
        self[key] = value

    def __delattr__(self, key):
        try:
            del self[key]
        except KeyError:
            raise AttributeError(key) from None

    @classmethod
    def from_nested(cls, obj):
        if isinstance(obj, dict):
            return cls({k: cls.from_nested(v) for k, v in obj.items()})
        if isinstance(obj, (list, tuple)):
            return type(obj)(cls.from_nested(v) for v in obj)
        return obj


SEARCH_SPACE = {
    "model": {"in_dim": 10, "hidden": 24, "out_dim": 2},
    "optim": {"lr": 0.1, "momentum": 0.9},
    "restarts": [1, 2, 3],
    "steps_per_cycle": 4,
}


def build_run(cfg, restarts):
    m = cfg.model
    model = nn.Sequential(nn.Linear(m.in_dim, m.hidden), nn.ReLU(), nn.Linear(m.hidden, m.out_dim))
    opt = torch.optim.SGD(model.parameters(), lr=cfg.optim.lr, momentum=cfg.optim.momentum)
    return AttrDict(model=model, optimizer=opt, restarts=restarts, step=0, losses=[])


def lr_at(state, cfg):
    cycle_len = cfg.steps_per_cycle
    pos = state.step % cycle_len
    return cfg.optim.lr * 0.5 * (1 + math.cos(math.pi * pos / cycle_len))


def train(state, cfg):
    for _ in range(state.restarts * cfg.steps_per_cycle):
        for group in state.optimizer.param_groups:
            group["lr"] = lr_at(state, cfg)
        x = torch.randn(20, cfg.model.in_dim)
        y = (x[:, 0] * x[:, 1] > 0).long()
        loss = nn.functional.cross_entropy(state.model(x), y)
        state.optimizer.zero_grad()
        loss.backward()
        state.optimizer.step()
        state.losses.append(loss.item())
        state.step += 1
    return min(state.losses)


def main():
    cfg = AttrDict.from_nested(SEARCH_SPACE)
    best = {}
    for restarts in cfg.restarts:
        torch.manual_seed(restarts)
        state = build_run(cfg, restarts)
        best[restarts] = train(state, cfg)
        del state
    assert set(best) == {1, 2, 3}


if __name__ == "__main__":
    main()
