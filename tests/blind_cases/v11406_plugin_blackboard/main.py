"""Sweep over the anchoring strength for replay + anchoring on a split synthetic stream."""
import torch
import torch.nn as nn

from plugins import AnchorPlugin, ReplayPlugin
from strategy import Strategy

SPLITS = [(0, 1), (2, 3), (4, 5)]
IN_DIM = 10


def make_split(classes, n=48, seed=0):
    g = torch.Generator().manual_seed(seed + 10 * classes[0])
    y = torch.tensor(classes).repeat(n // len(classes))
    protos = torch.randn(6, IN_DIM, generator=torch.Generator().manual_seed(seed)) * 2
    return protos[y] + torch.randn(len(y), IN_DIM, generator=g), y


@torch.no_grad()
def accuracy(model, x, y):
    return (model(x).argmax(1) == y).float().mean().item()


def run(alpha, seed=0):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(IN_DIM, 32), nn.ReLU(), nn.Linear(32, 6))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    strategy = Strategy(model, opt, plugins=[ReplayPlugin(mem_size=32), AnchorPlugin(alpha)], epochs=2)
    data = [make_split(c, seed=seed) for c in SPLITS]
    for exp_id, (x, y) in enumerate(data):
        strategy.train_experience(exp_id, x, y)
    return [accuracy(model, x, y) for x, y in data]


def main():
    for alpha in (0.01, 0.1):
        print(f"alpha={alpha}: accuracy per split {[round(a, 2) for a in run(alpha)]}")


if __name__ == "__main__":
    main()
