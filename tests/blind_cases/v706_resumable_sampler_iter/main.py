"""Step-limited training with a sampler whose position can be checkpointed."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Sampler, TensorDataset

from sampling import EpochIndexIterator


class ResumableRandomSampler(Sampler):
    def __init__(self, data_source, seed=0):
        self.data_source = data_source
        self.seed = seed
        self.epoch = 0
        self.samples_seen = 0
        self._resume_pos = 0
        self._active = None

    def _order(self):
        g = torch.Generator().manual_seed(self.seed + self.epoch)
        return torch.randperm(len(self.data_source), generator=g).tolist()

    def __iter__(self):
        self._active = EpochIndexIterator(self, self._order(), start=self._resume_pos)  # cycle
        self._resume_pos = 0
        return self._active

    def __len__(self):
        return len(self.data_source)

    def on_epoch_end(self, it):
        self.epoch += 1

    def state_dict(self):
        pos = self._active.pos if self._active is not None else 0
        return {"epoch": self.epoch, "pos": pos, "seed": self.seed}

    def load_state_dict(self, state):
        self.epoch = state["epoch"]
        self.seed = state["seed"]
        self._resume_pos = state["pos"]


def train(max_steps, resume_state=None):
    x = torch.randn(80, 8)
    y = (x.norm(dim=1) > 2.8).long()
    ds = TensorDataset(x, y)
    sampler = ResumableRandomSampler(ds, seed=7)
    if resume_state is not None:
        sampler.load_state_dict(resume_state)
    loader = DataLoader(ds, batch_size=10, sampler=sampler)
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    step = 0
    while step < max_steps:
        for xb, yb in loader:
            loss = nn.functional.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
            if step >= max_steps:
                break
    return sampler.state_dict()


def main():
    state = train(max_steps=5)
    state = train(max_steps=4, resume_state=state)
    print("resumed at", state)


if __name__ == "__main__":
    main()
