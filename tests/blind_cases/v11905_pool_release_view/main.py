"""Sequence classifier trained on variable-length feature streams."""
import torch
import torch.nn as nn

from bufpool import POOL
from collate import PaddedCollator

CONFIG = {"feature_dim": 10, "hidden": 32, "classes": 4, "epochs": 2, "batches": 4, "batch_size": 6,
          "max_len": 13, "lr": 0.01}


class MeanPoolClassifier(nn.Module):
    def __init__(self, dim, hidden, classes):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU())
        self.head = nn.Linear(hidden, classes)

    def forward(self, x, mask):
        h = self.encoder(x) * mask.unsqueeze(-1)
        return self.head(h.sum(1) / mask.sum(1, keepdim=True))


def make_batch(cfg):
    lengths = torch.randint(3, cfg["max_len"] + 1, (cfg["batch_size"],)).tolist()
    seqs = [torch.randn(n, cfg["feature_dim"]) for n in lengths]
    return seqs, torch.randint(0, cfg["classes"], (cfg["batch_size"],))


def train(cfg):
    model = MeanPoolClassifier(cfg["feature_dim"], cfg["hidden"], cfg["classes"])
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    collate = PaddedCollator(cfg["feature_dim"], owner=model)
    history = []
    try:
        for epoch in range(cfg["epochs"]):
            for _ in range(cfg["batches"]):
                seqs, labels = make_batch(cfg)
                x, mask = collate(seqs)
                loss = nn.functional.cross_entropy(model(x, mask), labels)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                POOL.release(x)
                history.append(loss.item())
    finally:
        POOL.trim()
    return history


def main():
    history = train(CONFIG)
    print(f"final loss {history[-1]:.3f}; pool hits={POOL.hits} misses={POOL.misses}")


if __name__ == "__main__":
    main()
