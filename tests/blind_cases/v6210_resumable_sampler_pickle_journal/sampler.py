"""Random sampler that can resume mid-epoch from the last journaled position."""
import torch
from torch.utils.data import Sampler


class ResumableRandomSampler(Sampler):
    def __init__(self, num_samples, journal, seed=0, snapshot_every=8):
        self.num_samples = num_samples
        self.journal = journal  # retain
        self.seed = seed
        self.snapshot_every = snapshot_every
        self.epoch = 0
        self.cursor = 0

    def __getstate__(self):
        return {"num_samples": self.num_samples, "seed": self.seed, "epoch": self.epoch,
                "cursor": self.cursor, "snapshot_every": self.snapshot_every}

    def __setstate__(self, state):
        self.__dict__.update(state, journal=None)

    def set_epoch(self, epoch):
        self.epoch, self.cursor = epoch, 0

    def __len__(self):
        return self.num_samples

    def __iter__(self):
        g = torch.Generator().manual_seed(self.seed + self.epoch)
        order = torch.randperm(self.num_samples, generator=g).tolist()
        while self.cursor < self.num_samples:
            idx = order[self.cursor]
            self.cursor += 1
            if self.cursor % self.snapshot_every == 0:
                self.journal.append(self)  # retain
            yield idx
