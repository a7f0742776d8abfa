"""accelerate-style shared GradientState that tracks the active dataloaders through weak references."""
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


class GradientState:
    _shared_state = {}

    def __init__(self, gradient_accumulation_steps=None):
        self.__dict__ = self._shared_state
        if not self._shared_state:
            self.sync_gradients = True
            self.end_of_dataloader = False
            self.dataloader_references = [None]
            self.num_steps = 1
        if gradient_accumulation_steps is not None:
            self.num_steps = gradient_accumulation_steps

    @property
    def active_dataloader(self):
        ref = self.dataloader_references[-1]
        return ref() if ref is not None else None

    def _add_dataloader(self, dataloader):
        alive = [r for r in self.dataloader_references if r is None or r() is not None]
        self.dataloader_references = alive + [weakref.ref(dataloader)]
        self.end_of_dataloader = False

    def _remove_dataloader(self, dataloader):
        self.dataloader_references = [r for r in self.dataloader_references if r is None or r() is not dataloader]


class DataLoaderShard(DataLoader):
    def __init__(self, dataset, **kwargs):
        super().__init__(dataset, **kwargs)
        self.gradient_state = GradientState()

    def __iter__(self):
        self.gradient_state._add_dataloader(self)
        batches = list(super().__iter__())
        for i, batch in enumerate(batches):
            self.gradient_state.end_of_dataloader = i == len(batches) - 1
            yield batch
        self.gradient_state._remove_dataloader(self)


class Accelerator:
    def __init__(self, gradient_accumulation_steps=1):
        self.gradient_state = GradientState(gradient_accumulation_steps)
        self.step = 0

    def prepare_data_loader(self, dl):
        return DataLoaderShard(dl.dataset, batch_size=dl.batch_size, shuffle=True, drop_last=dl.drop_last)

    def sync_now(self):
        self.step += 1
        state = self.gradient_state
        state.sync_gradients = state.end_of_dataloader or self.step % state.num_steps == 0
        return state.sync_gradients

    def backward(self, loss):
        (loss / self.gradient_state.num_steps).backward()


def train_fold(fold, epochs=2, max_steps=3):
    torch.manual_seed(fold)
    x = torch.randn(48, 6)
    accelerator = Accelerator(gradient_accumulation_steps=2)
    loader = accelerator.prepare_data_loader(DataLoader(TensorDataset(x, x.norm(dim=1)), batch_size=8))
    model = nn.Sequential(nn.Linear(6, 12), nn.Tanh(), nn.Linear(12, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(epochs):
        for step, (xb, yb) in enumerate(loader):
            accelerator.backward(F.mse_loss(model(xb).squeeze(1), yb))
            if accelerator.sync_now():
                optimizer.step()
                optimizer.zero_grad()
            if step + 1 >= max_steps:
                break
    return accelerator.gradient_state.active_dataloader is loader


def main():
    for fold in range(3):
        train_fold(fold)


if __name__ == "__main__":
    main()
