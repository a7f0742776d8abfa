"""Multi-task training: batches from several task loaders are interleaved and
routed to the matching head by a tag on the input tensor."""
import itertools

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

TASKS = {
    "sentiment": {"n_classes": 2, "n_samples": 48},
    "topic": {"n_classes": 5, "n_samples": 64},
}


class TaskLoader:
    """Wraps a DataLoader for one task and tags every batch with its origin."""

    def __init__(self, name, dataset, batch_size=16):
        self.name = name
        self.loader = DataLoader(dataset, batch_size=batch_size, shuffle=True)
        self.batches_seen = 0
        self.last_inputs = None

    def __len__(self):
        return len(self.loader)

    def __iter__(self):
        for inputs, targets in self.loader:
            inputs.task = self  # cycle
            self.last_inputs = inputs  # cycle
            self.batches_seen += 1
            yield inputs, targets


class MultiHeadModel(nn.Module):
    def __init__(self, n_in, heads):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(n_in, 32), nn.ReLU())
        self.heads = nn.ModuleDict({name: nn.Linear(32, n) for name, n in heads.items()})

    def forward(self, inputs):
        return self.heads[inputs.task.name](self.encoder(inputs))


def build_task_loaders(n_in):
    loaders = []
    for name, spec in TASKS.items():
        x = torch.randn(spec["n_samples"], n_in)
        y = torch.randint(0, spec["n_classes"], (spec["n_samples"],))
        loaders.append(TaskLoader(name, TensorDataset(x, y)))
    return loaders


def round_robin(loaders):
    iterators = [iter(loader) for loader in loaders]
    for batch_group in itertools.zip_longest(*iterators):
        for batch in batch_group:
            if batch is not None:
                yield batch


def main():
    n_in = 10
    model = MultiHeadModel(n_in, {name: spec["n_classes"] for name, spec in TASKS.items()})
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(2):
        loaders = build_task_loaders(n_in)
        per_task = {}
        for inputs, targets in round_robin(loaders):
            loss = nn.functional.cross_entropy(model(inputs), targets)
            opt.zero_grad()
            loss.backward()
            opt.step()
            per_task.setdefault(inputs.task.name, []).append(loss.item())
        summary = {name: sum(v) / len(v) for name, v in per_task.items()}
    return summary


if __name__ == "__main__":
    main()
