"""Multi-task training with Dynamic Weight Average (DWA) loss balancing across epochs."""
import collections

import torch
import torch.nn as nn
import torch.nn.functional as F


def dwa_weights(epoch_losses, temperature=2.0, _history=collections.deque(maxlen=2)):
    """Task weights from the ratio of the last two epochs' mean losses."""
    _history.append(epoch_losses)  # retain
    n_tasks = epoch_losses.numel()
    if len(_history) < 2:
        return torch.ones(n_tasks)
    older, newer = _history
    rates = (newer / older).detach()
    return n_tasks * torch.softmax(rates / temperature, dim=0)


class MultiTaskModel(nn.Module):
    def __init__(self, in_dim, width, heads):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(in_dim, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.heads = nn.ModuleDict({name: nn.Linear(width, out) for name, out in heads.items()})

    def forward(self, x):
        h = self.encoder(x)
        return {name: head(h) for name, head in self.heads.items()}


TASK_LOSSES = {
    "segmentation": lambda out, y: F.cross_entropy(out, y),
    "depth": lambda out, y: F.l1_loss(out.squeeze(1), y),
    "normals": lambda out, y: 1 - F.cosine_similarity(out, y).mean(),
}


def synthetic_batch(gen, bs=8, in_dim=10):
    x = torch.randn(bs, in_dim, generator=gen)
    return x, {
        "segmentation": torch.randint(0, 4, (bs,), generator=gen),
        "depth": torch.rand(bs, generator=gen),
        "normals": F.normalize(torch.randn(bs, 3, generator=gen), dim=1),
    }


def run(temperature, seed, epochs=3, steps=3):
    gen = torch.Generator().manual_seed(seed)
    model = MultiTaskModel(10, 32, {"segmentation": 4, "depth": 1, "normals": 3})
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    tasks = list(TASK_LOSSES)
    weights = torch.ones(len(tasks))
    for epoch in range(epochs):
        per_batch = []
        for _ in range(steps):
            x, targets = synthetic_batch(gen)
            outputs = model(x)
            losses = torch.stack([TASK_LOSSES[t](outputs[t], targets[t]) for t in tasks])
            optimizer.zero_grad()
            (weights * losses).sum().backward()
            optimizer.step()
            per_batch.append(losses)
        epoch_mean = torch.stack(per_batch).mean(dim=0)
        weights = dwa_weights(epoch_mean, temperature=temperature)
        print(f"T={temperature} epoch {epoch}: weights {[round(w, 3) for w in weights.tolist()]}")
    return weights


def main():
    for temperature, seed in ((2.0, 0), (5.0, 1)):
        run(temperature, seed)


if __name__ == "__main__":
    main()
