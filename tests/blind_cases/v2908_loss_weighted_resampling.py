"""Loss-based resampling: each epoch, hard examples get a higher chance of being drawn."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset, WeightedRandomSampler

CONFIG = {"n_train": 64, "dim": 8, "classes": 3, "batch_size": 8, "epochs": 3, "lr": 0.05,
          "temperature": 2.0, "floor": 0.05}


class IndexedTabular(Dataset):
    """Returns (features, label, index) so that per-sample statistics can be kept."""

    def __init__(self, n, dim, classes, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.x = torch.randn(n, dim, generator=g)
        w = torch.randn(dim, classes, generator=g)
        self.y = (self.x @ w + 0.5 * torch.randn(n, classes, generator=g)).argmax(1)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, idx):
        return self.x[idx], self.y[idx], idx


train_set = IndexedTabular(CONFIG["n_train"], CONFIG["dim"], CONFIG["classes"])
train_sampler = WeightedRandomSampler(torch.ones(len(train_set)), num_samples=len(train_set), replacement=True)
train_loader = DataLoader(train_set, batch_size=CONFIG["batch_size"], sampler=train_sampler)


def sharpen(losses, temperature, floor):
    w = (losses / temperature).exp()
    return w / w.sum() + floor / len(w)


class ResamplingTrainer:
    def __init__(self, model, loader, cfg):
        self.model = model
        self.loader = loader
        self.cfg = cfg
        self.opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)

    def train_epoch(self):
        seen_loss = torch.zeros(len(self.loader.dataset))
        for x, y, idx in self.loader:
            per_sample = F.cross_entropy(self.model(x), y, reduction="none")
            seen_loss[idx] = per_sample  # retain
            loss = per_sample.mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return seen_loss

    def fit(self):
        history = []
        for epoch in range(self.cfg["epochs"]):
            seen_loss = self.train_epoch()
            self.loader.sampler.weights = sharpen(seen_loss, self.cfg["temperature"], self.cfg["floor"])  # retain
            history.append(float(seen_loss.sum()))
        return history


def main():
    model = nn.Sequential(nn.Linear(CONFIG["dim"], 16), nn.ReLU(), nn.Linear(16, CONFIG["classes"]))
    history = ResamplingTrainer(model, train_loader, CONFIG).fit()
    assert len(history) == CONFIG["epochs"]


if __name__ == "__main__":
    main()
