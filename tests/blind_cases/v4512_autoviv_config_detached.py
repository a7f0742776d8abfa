"""Random search driven by an addict-style config whose auto-created sections drop their parent link once attached."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F


class Config(dict):
    def __init__(self, data=None, parent=None, key=None):
        super().__init__()
        object.__setattr__(self, "_parent", parent)
        object.__setattr__(self, "_key", key)
        for k, v in (data or {}).items():
            dict.__setitem__(self, k, Config(v) if isinstance(v, dict) else v)

    def __missing__(self, key):
        return Config(parent=self, key=key)

    def __getattr__(self, key):
        if key.startswith("_"):
            raise AttributeError(key)
        return self[key]

    def __setattr__(self, key, value):
        self[key] = value

    def __setitem__(self, key, value):
        dict.__setitem__(self, key, Config(value) if isinstance(value, dict) else value)
        node = self
        parent = object.__getattribute__(node, "_parent")
        while parent is not None:
            dict.__setitem__(parent, object.__getattribute__(node, "_key"), node)
            object.__setattr__(node, "_parent", None)
            node, parent = parent, object.__getattribute__(parent, "_parent")

    def flat(self, prefix=""):
        out = {}
        for k, v in self.items():
            out.update(v.flat(f"{prefix}{k}.") if isinstance(v, Config) else {f"{prefix}{k}": v})
        return out


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        torch.manual_seed(cfg.run.seed)
        self.model = nn.Sequential(nn.Linear(cfg.data.dim, cfg.net.width), nn.Dropout(cfg.net.dropout),
                                   nn.ReLU(), nn.Linear(cfg.net.width, 2))
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=cfg.opt.lr, weight_decay=cfg.opt.wd)

    def fit(self):
        for _ in range(self.cfg.run.steps):
            x = torch.randn(20, self.cfg.data.dim)
            loss = F.cross_entropy(self.model(x), (x[:, 0] > 0).long())
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return loss.item()


def sample_config(rng, trial):
    cfg = Config({"data": {"dim": 6}, "net": {"width": 16}})
    cfg.net.dropout = rng.choice([0.0, 0.1, 0.3])
    cfg.opt.lr = 10 ** rng.uniform(-3.5, -1.5)
    cfg.opt.wd = rng.choice([0.0, 1e-4])
    cfg.run.seed = trial
    cfg.run.steps = 5
    return cfg


def main(n_trials=4):
    rng = random.Random(7)
    leaderboard = []
    for trial in range(n_trials):
        cfg = sample_config(rng, trial)
        leaderboard.append((Trainer(cfg).fit(), cfg.flat()))
    leaderboard.sort(key=lambda row: row[0])
    return leaderboard[0]


if __name__ == "__main__":
    main()
