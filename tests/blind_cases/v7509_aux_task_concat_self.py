"""Primary + auxiliary task training with temperature-based task sampling over a joint dataset."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset, WeightedRandomSampler


class TaskDataset(Dataset):
    def __init__(self, task, n, in_dim, n_classes, seed):
        gen = torch.Generator().manual_seed(seed)
        self.task = task
        self.n_classes = n_classes
        self.x = torch.randn(n, in_dim, generator=gen)
        self.y = torch.randint(0, n_classes, (n,), generator=gen)
        self._joint = None

    def __len__(self):
        return len(self.x)

    def __getitem__(self, idx):
        return {"task": self.task, "x": self.x[idx], "y": self.y[idx]}

    def with_auxiliary(self, aux):
        if self._joint is None:
            self._joint = self + aux  # cycle
        return self._joint


def temperature_sampler(joint, temperature, num_samples, seed):
    sizes = [len(d) for d in joint.datasets]
    probs = torch.tensor(sizes, dtype=torch.float) ** (1.0 / temperature)
    probs = probs / probs.sum()
    weights = torch.cat([torch.full((n,), float(p) / n) for n, p in zip(sizes, probs)])
    return WeightedRandomSampler(weights, num_samples, generator=torch.Generator().manual_seed(seed))


class SharedEncoderModel(nn.Module):
    def __init__(self, in_dim, width, heads):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(in_dim, width), nn.ReLU())
        self.heads = nn.ModuleDict({task: nn.Linear(width, n) for task, n in heads.items()})

    def forward(self, x, tasks):
        h = self.encoder(x)
        return {t: self.heads[t](h[[i for i, name in enumerate(tasks) if name == t]]) for t in set(tasks)}


def run(cfg, seed):
    primary = TaskDataset("sentiment", cfg["n_primary"], cfg["in_dim"], 3, seed)
    aux = TaskDataset("topic", cfg["n_aux"], cfg["in_dim"], 5, seed + 100)
    joint = primary.with_auxiliary(aux)
    sampler = temperature_sampler(joint, cfg["temperature"], num_samples=cfg["samples"], seed=seed)
    loader = DataLoader(joint, batch_size=cfg["batch_size"], sampler=sampler)
    model = SharedEncoderModel(cfg["in_dim"], 32, {primary.task: 3, aux.task: 5})
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for batch in loader:
        outputs = model(batch["x"], batch["task"])
        loss = 0.0
        for task, logits in outputs.items():
            mask = torch.tensor([t == task for t in batch["task"]])
            weight = 1.0 if task == primary.task else cfg["aux_weight"]
            loss = loss + weight * F.cross_entropy(logits, batch["y"][mask])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss.item()


CONFIG = {"n_primary": 40, "n_aux": 160, "in_dim": 12, "temperature": 2.0,
          "samples": 48, "batch_size": 16, "aux_weight": 0.3}


def main():
    for seed in range(2):
        print(f"seed {seed}: last loss {run(CONFIG, seed):.3f}")


if __name__ == "__main__":
    main()
