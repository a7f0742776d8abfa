"""Hidden-width sweep with adversarially chosen ('worst of k') augmented views."""
import torch

from trainer import Trainer

BASE = {"dim": 16, "classes": 3, "lr": 3e-3, "policy": "worst_of_k", "epochs": 2}
WIDTHS = [16, 32, 64]


def make_batches(seed, n=4, bs=10, dim=16, classes=3):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(classes, dim, generator=g)
    batches = []
    for _ in range(n):
        y = torch.randint(0, classes, (bs,), generator=g)
        batches.append((centers[y] + 0.5 * torch.randn(bs, dim, generator=g), y))
    return batches


def main():
    results = {}
    for seed, width in enumerate(WIDTHS):
        trainer = Trainer(dict(BASE, hidden=width))
        batches = make_batches(seed)
        for _ in range(BASE["epochs"]):
            loss = trainer.train_epoch(batches)
        results[width] = loss
    print({w: round(v, 3) for w, v in results.items()})


if __name__ == "__main__":
    main()
