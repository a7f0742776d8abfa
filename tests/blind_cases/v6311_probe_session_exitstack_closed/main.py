"""Layer-wise linear probing of a small backbone between fine-tuning rounds."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from probing import ProbeSession

PROBE_LAYERS = ["1", "3"]


def make_backbone():
    return nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, 24), nn.ReLU(), nn.Linear(24, 6))


def labelled_batches(n, seed):
    g = torch.Generator().manual_seed(seed)
    for _ in range(n):
        x = torch.randn(16, 12, generator=g)
        yield x, (x[:, :3].sum(1) > 0).long()


def fit_probe(features, labels, steps=20):
    head = nn.Linear(features.shape[1], 2)
    opt = torch.optim.SGD(head.parameters(), lr=0.5)
    for _ in range(steps):
        loss = F.cross_entropy(head(features), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return (head(features).argmax(1) == labels).float().mean().item()


def probe_round(backbone, seed, max_batches=3):
    labels = []
    with ProbeSession(backbone, PROBE_LAYERS) as session:
        for i, (x, y) in enumerate(labelled_batches(10, seed)):
            if i == max_batches:
                break
            backbone(x)
            labels.append(y)
        y_all = torch.cat(labels)
        return {name: round(fit_probe(session.stacked(name), y_all), 3) for name in PROBE_LAYERS}


def finetune(backbone, seed):
    opt = torch.optim.Adam(backbone.parameters(), lr=1e-3)
    for x, y in labelled_batches(3, seed + 100):
        loss = F.cross_entropy(backbone(x)[:, :2], y)
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    torch.manual_seed(0)
    for run in range(2):
        backbone = make_backbone()
        for rnd in range(2):
            finetune(backbone, seed=10 * run + rnd)
            print(run, rnd, probe_round(backbone, seed=rnd))


if __name__ == "__main__":
    main()
