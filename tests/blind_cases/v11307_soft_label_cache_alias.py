"""Offline-style distillation with teacher soft labels cached per sample id."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class IndexedDataset(Dataset):
    def __init__(self, n, in_dim, classes, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.x = torch.randn(n, in_dim, generator=g)
        self.y = torch.randint(0, classes, (n,), generator=g)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return i, self.x[i], self.y[i]


class SoftLabelCache(dict):
    """sample id -> teacher probabilities at the cache temperature, filled lazily."""

    def __init__(self, teacher, temperature):
        super().__init__()
        self.teacher = teacher
        self.temperature = temperature
        self.hits = 0
        self.misses = 0
        self._get = self.get  # cycle
        self._put = self.__setitem__  # cycle

    @torch.no_grad()
    def targets(self, ids, x):
        rows = [self._get(i) for i in ids.tolist()]
        missing = [k for k, row in enumerate(rows) if row is None]
        self.hits += len(rows) - len(missing)
        self.misses += len(missing)
        if missing:
            probs = F.softmax(self.teacher(x[missing]) / self.temperature, dim=1)
            for k, p in zip(missing, probs):
                rows[k] = p
                self._put(int(ids[k]), p)
        return torch.stack(rows)


def distill(student, loader, cache, cfg):
    opt = torch.optim.SGD(student.parameters(), lr=cfg["lr"], momentum=0.9)
    T = cache.temperature
    for epoch in range(cfg["epochs"]):
        for ids, x, y in loader:
            soft = cache.targets(ids, x)
            logits = student(x)
            kd = F.kl_div(F.log_softmax(logits / T, dim=1), soft, reduction="batchmean") * T * T
            loss = cfg["alpha"] * kd + (1 - cfg["alpha"]) * F.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} loss {loss.item():.3f} cache hits {cache.hits} misses {cache.misses}")


def main():
    cfg = {"in_dim": 12, "classes": 4, "temperature": 2.0, "alpha": 0.9, "lr": 0.05, "epochs": 2}
    data = IndexedDataset(48, cfg["in_dim"], cfg["classes"])
    loader = DataLoader(data, batch_size=16, shuffle=True)
    teacher = nn.Sequential(nn.Linear(cfg["in_dim"], 64), nn.Tanh(), nn.Linear(64, cfg["classes"])).eval()
    student = nn.Sequential(nn.Linear(cfg["in_dim"], 8), nn.Tanh(), nn.Linear(8, cfg["classes"]))
    cache = SoftLabelCache(teacher, cfg["temperature"])
    distill(student, loader, cache, cfg)


if __name__ == "__main__":
    main()
