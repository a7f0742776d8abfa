"""Sliding-window dataset over one univariate series."""
import torch
from torch.utils.data import Dataset


class WindowDataset(Dataset):
    def __init__(self, values, window, horizon):
        self.values = torch.as_tensor(values, dtype=torch.float32)
        self.window, self.horizon = window, horizon
        self.mean = self.values.mean()
        self.std = self.values.std().clamp_min(1e-4)
        n = len(self.values) - window - horizon + 1
        if n < 1:
            raise ValueError(f"series of length {len(self.values)} is shorter than "
                             f"window+horizon={window + horizon}")
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        z = (self.values - self.mean) / self.std
        return z[i:i + self.window], z[i + self.window:i + self.window + self.horizon]
