"""accelerate-style k-fold training with gradient accumulation and a per-epoch step limit."""
import contextlib

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from data_loader import prepare_data_loader
from state import GradientState

CONFIG = {"folds": 3, "epochs": 2, "max_steps_per_epoch": 3, "accumulation": 2, "lr": 0.05}


class Accelerator:
    def __init__(self, gradient_accumulation_steps=1, device="cpu"):
        self.gradient_state = GradientState(gradient_accumulation_steps)
        self.device = torch.device(device)
        self.step = 0
        self._models, self._optimizers, self._dataloaders = [], [], []

    def prepare(self, *objects):
        out = []
        for obj in objects:
            if isinstance(obj, nn.Module):
                self._models.append(obj.to(self.device))
            elif isinstance(obj, torch.optim.Optimizer):
                self._optimizers.append(obj)
            elif isinstance(obj, DataLoader):
                obj = prepare_data_loader(obj, self.device)
                self._dataloaders.append(obj)
            out.append(obj)
        return tuple(out)

    @contextlib.contextmanager
    def accumulate(self):
        self.step += 1
        end = self.gradient_state.end_of_dataloader
        self.gradient_state._set_sync_gradients(end or self.step % self.gradient_state.num_steps == 0)
        yield

    def backward(self, loss):
        (loss / self.gradient_state.num_steps).backward()

    def free_memory(self):
        self._models.clear()
        self._optimizers.clear()
        self._dataloaders.clear()
        self.step = 0


def run_fold(fold, cfg):
    torch.manual_seed(fold)
    x = torch.randn(64, 10)
    dataset = TensorDataset(x, (x[:, 0] > 0).long())
    accelerator = Accelerator(gradient_accumulation_steps=cfg["accumulation"])
    model = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 2))
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    model, optimizer, train_dl = accelerator.prepare(model, optimizer, DataLoader(dataset, batch_size=8, shuffle=True))
    for epoch in range(cfg["epochs"]):
        for step, (xb, yb) in enumerate(train_dl):
            with accelerator.accumulate():
                accelerator.backward(F.cross_entropy(model(xb), yb))
                if accelerator.gradient_state.sync_gradients:
                    optimizer.step()
                    optimizer.zero_grad()
            if step + 1 >= cfg["max_steps_per_epoch"]:
                break
    accelerator.free_memory()


def main():
    for fold in range(CONFIG["folds"]):
        run_fold(fold, CONFIG)


if __name__ == "__main__":
    main()
