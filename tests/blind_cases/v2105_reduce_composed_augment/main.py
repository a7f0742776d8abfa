"""Time-series classification with a config-driven augmentation pipeline."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

from transforms import compose, describe


class SeriesDataset(Dataset):
    def __init__(self, series, labels, config):
        self.series = series
        self.labels = labels
        self.config = config
        self.mean = series.mean()
        self.std = series.std()
        stages = [getattr(self, "_" + name) for name in config["augment"]]  # cycle
        self.transform = compose(*stages)  # cycle
        self.pipeline = describe(config["augment"])

    def _jitter(self, x):
        return x + self.config["sigma"] * torch.randn_like(x)

    def _scale(self, x):
        return x * (1.0 + self.config["sigma"] * torch.randn(1))

    def _normalize(self, x):
        return (x - self.mean) / (self.std + 1e-6)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.transform(self.series[i]), self.labels[i]


class TinyTCN(nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.conv = nn.Conv1d(1, 8, 5, padding=2)
        self.fc = nn.Linear(8, classes)

    def forward(self, x):
        return self.fc(F.relu(self.conv(x.unsqueeze(1))).mean(-1))


def run(config, epochs=2):
    series, labels = torch.randn(48, 32), torch.randint(0, 4, (48,))
    loader = DataLoader(SeriesDataset(series, labels, config), batch_size=16, shuffle=True)
    model = TinyTCN(4)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(epochs):
        for x, y in loader:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    grid = [
        {"augment": ["jitter", "scale", "normalize"], "sigma": 0.05},
        {"augment": ["scale", "jitter", "normalize"], "sigma": 0.1},
    ]
    return [run(cfg) for cfg in grid]


if __name__ == "__main__":
    main()
