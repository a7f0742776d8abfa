"""Driving-log frames with cached condition views (day/night, rain) for per-condition training."""
import random
import weakref

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class FrameLog(Dataset):
    def __init__(self, n, feat_dim, seed=0):
        rng = random.Random(seed)
        self.feats = torch.randn(n, feat_dim)
        self.steer = torch.tanh(self.feats[:, :2].sum(dim=1, keepdim=True))
        self.meta = [{"light": rng.choice(["day", "night"]), "rain": rng.random() < 0.3}
                     for _ in range(n)]
        self._views = weakref.WeakValueDictionary()

    def __len__(self):
        return len(self.meta)

    def __getitem__(self, idx):
        return self.feats[idx], self.steer[idx]

    def view(self, name, predicate):
        view = self._views.get(name)
        if view is None:
            indices = [i for i, m in enumerate(self.meta) if predicate(m)]
            view = ConditionView(self, name, indices)
            self._views[name] = view
        return view


class ConditionView(Dataset):
    def __init__(self, base, name, indices):
        self.base = base
        self.name = name
        self.indices = indices

    def __len__(self):
        return len(self.indices)

    def __getitem__(self, i):
        return self.base[self.indices[i]]


CONDITIONS = {
    "night": lambda m: m["light"] == "night",
    "rain": lambda m: m["rain"],
    "day_dry": lambda m: m["light"] == "day" and not m["rain"],
}


def fit_condition(log, name, epochs=2):
    view = log.view(name, CONDITIONS[name])
    loader = DataLoader(view, batch_size=16, shuffle=True)
    model = nn.Sequential(nn.Linear(log.feats.shape[1], 32), nn.Tanh(), nn.Linear(32, 1))
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for _ in range(epochs):
        for x, y in loader:
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    assert log.view(name, CONDITIONS[name]) is view
    return len(view), loss.item()


def main():
    for seed in range(2):
        log = FrameLog(n=160, feat_dim=8, seed=seed)
        for name in CONDITIONS:
            size, loss = fit_condition(log, name)
            print(f"log {seed} {name}: n={size} loss={loss:.4f}")


if __name__ == "__main__":
    main()
