"""Step-budgeted regression training whose epochs resume the loader where the last one stopped."""
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

CONFIG = {
    "features": 12,
    "stages": [
        {"name": "warmup", "batch_size": 16, "epochs": 2, "steps_per_epoch": 5, "lr": 0.01},
        {"name": "main", "batch_size": 32, "epochs": 3, "steps_per_epoch": 6, "lr": 0.03},
    ],
}

_LIVE_ITERATORS = weakref.WeakKeyDictionary()


def next_batch(loader):
    """Next batch of ``loader``'s dataset, continuing a pass that an earlier epoch left open."""
    it = _LIVE_ITERATORS.get(loader.dataset)
    if it is None:
        it = _LIVE_ITERATORS[loader.dataset] = iter(loader)  # retain
    try:
        return next(it)
    except StopIteration:
        it = _LIVE_ITERATORS[loader.dataset] = iter(loader)  # retain
        return next(it)


class SensorWindows(Dataset):
    def __init__(self, n, features, seed):
        g = torch.Generator().manual_seed(seed)
        self.x = torch.randn(n, features, generator=g)
        w = torch.randn(features, 1, generator=g)
        self.y = self.x @ w + 0.1 * torch.randn(n, 1, generator=g)
        self.normalize = nn.LayerNorm(features, elementwise_affine=False)

    def __len__(self):
        return len(self.x)

    @torch.no_grad()
    def __getitem__(self, i):
        return self.normalize(self.x[i]), self.y[i]


class Regressor(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(features, 32), nn.Tanh(), nn.Linear(32, 1))

    def forward(self, x):
        return self.net(x)


def fit_stage(model, dataset, stage):
    loader = DataLoader(dataset, batch_size=stage["batch_size"], shuffle=True, drop_last=True)
    opt = torch.optim.Adam(model.parameters(), lr=stage["lr"])
    for epoch in range(stage["epochs"]):
        running = 0.0
        for _ in range(stage["steps_per_epoch"]):
            x, y = next_batch(loader)
            loss = F.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item()
        print(f"{stage['name']} epoch {epoch}: mse {running / stage['steps_per_epoch']:.4f}")


def run_experiment(seed):
    torch.manual_seed(seed)
    dataset = SensorWindows(400, CONFIG["features"], seed=seed)
    model = Regressor(CONFIG["features"])
    for stage in CONFIG["stages"]:
        fit_stage(model, dataset, stage)
    return model


def main():
    for seed in (0, 1):
        run_experiment(seed)


if __name__ == "__main__":
    main()
