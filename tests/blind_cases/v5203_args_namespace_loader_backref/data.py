"""Keyword-spotting clips: datasets and loaders built from the parsed CLI args."""
import random

import torch
from torch.utils.data import DataLoader, Dataset


class ClipDataset(Dataset):
    def __init__(self, args, split):
        self.args = args  # cycle
        self.split = split
        n = args.train_size if split == "train" else args.val_size
        gen = torch.Generator().manual_seed(args.seed + (split == "val"))
        self.frames = torch.randn(n, args.num_frames, args.feat_dim, generator=gen)
        self.labels = torch.randint(0, args.num_classes, (n,), generator=gen)

    def __len__(self):
        return len(self.labels)

    def _time_mask(self, x):
        width = random.randint(0, self.args.time_mask)
        if width == 0:
            return x
        start = random.randrange(0, self.args.num_frames - width + 1)
        x = x.clone()
        x[start:start + width] = 0.0
        return x

    def __getitem__(self, idx):
        x = self.frames[idx]
        if self.split == "train" and self.args.time_mask > 0:
            x = self._time_mask(x)
        return x, self.labels[idx]


def build_loaders(args):
    train_set = ClipDataset(args, "train")
    val_set = ClipDataset(args, "val")
    args.train_loader = DataLoader(train_set, batch_size=args.batch_size,  # cycle
                                   shuffle=True, drop_last=True)
    args.val_loader = DataLoader(val_set, batch_size=2 * args.batch_size)  # cycle
    args.steps_per_epoch = len(args.train_loader)
    return args
