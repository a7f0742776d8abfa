"""Classification notebook replayed cell by cell for a nightly smoke test."""
import torch
import torch.nn as nn

from cells import Notebook


class Probe(nn.Module):
    def __init__(self, dim, classes):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, feats):
        return self.head(self.norm(feats))


def blobs(n, dim, classes, seed):
    centers = torch.randn(classes, dim, generator=torch.Generator().manual_seed(99)) * 3
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, classes, (n,), generator=g)
    return centers[labels] + torch.randn(n, dim, generator=g), labels


def train(model, opt, feats, labels, steps):
    for _ in range(steps):
        loss = nn.functional.cross_entropy(model(feats), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def accuracy(model, feats, labels):
    with torch.no_grad():
        return (model(feats).argmax(-1) == labels).float().mean().item()


CELLS = [
    "feats, labels = blobs(200, 16, 4, seed=0)\nval_feats, val_labels = blobs(80, 16, 4, seed=1)",
    "probe = Probe(16, 4)\nopt = torch.optim.SGD(probe.parameters(), lr=0.1, momentum=0.9)",
    "last_loss = train(probe, opt, feats, labels, steps=20)",
    "accuracy(probe, val_feats[:, :8], val_labels)",
    "val_acc = accuracy(probe, val_feats, val_labels)\nprint('val acc', val_acc)",
]


def main():
    torch.manual_seed(0)
    nb = Notebook("probe", {"torch": torch, "Probe": Probe, "blobs": blobs,
                            "train": train, "accuracy": accuracy})
    for source in CELLS:
        nb.run(source)
    print("errors:", nb.errors)
    print("loss %.4f  acc %.3f" % (nb.get("last_loss"), nb.get("val_acc")))


if __name__ == "__main__":
    main()
