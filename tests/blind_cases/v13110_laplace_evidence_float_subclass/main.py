"""Evidence-based selection of width and prior precision for a last-layer Laplace classifier."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import selection
from laplace import LastLayerLaplace

CONFIG = {"widths": (16, 32), "prior_precisions": (0.1, 1.0, 10.0), "epochs": 4, "n": 96, "batch": 32}


class Net(nn.Module):
    def __init__(self, width, classes=3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.head = nn.Linear(width, classes)

    def forward(self, x):
        return self.head(self.body(x))


def make_data(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 6, generator=g)
    y = (x[:, :3] + 0.5 * torch.randn(n, 3, generator=g)).argmax(-1)
    return list(zip(x.split(CONFIG["batch"]), y.split(CONFIG["batch"])))


def train_map(width, batches, epochs, weight_decay=1e-3):
    model = Net(width)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2, weight_decay=weight_decay)
    for _ in range(epochs):
        for x, y in batches:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model


def main():
    batches = make_data(CONFIG["n"], seed=0)
    for width in CONFIG["widths"]:
        model = train_map(width, batches, CONFIG["epochs"])
        la = LastLayerLaplace(model).fit(batches)
        for prior_precision in CONFIG["prior_precisions"]:
            evidence = la.log_marginal_likelihood(batches, prior_precision)
            selection.record(evidence, width=width, prior_precision=prior_precision)
            print(f"width {width:3d} prior {prior_precision:5.1f}: log Z {evidence:8.2f} ({evidence.breakdown()})")
    score, config = selection.best()
    print(f"selected {config} with log Z {score:.2f}")


if __name__ == "__main__":
    main()
