"""Replay the cells of a small classification notebook as a script."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from cellrun import CellRunner

CELLS = [
    # setup
    "torch.manual_seed(0)\n"
    "x = torch.randn(120, 6)\n"
    "y = (x[:, 0] + x[:, 1] > 0).long() + (x[:, 2] > 1).long()\n"
    "x.shape, y.bincount()",
    # model
    "model = nn.Sequential(nn.Linear(6, 32), nn.ReLU(), nn.Linear(32, 3))\n"
    "opt = torch.optim.Adam(model.parameters(), lr=1e-2)\n"
    "sum(p.numel() for p in model.parameters())",
    # train
    "for epoch in range(3):\n"
    "    for xb, yb in zip(x.split(40), y.split(40)):\n"
    "        loss = F.cross_entropy(model(xb), yb)\n"
    "        opt.zero_grad()\n"
    "        loss.backward()\n"
    "        opt.step()\n"
    "loss",
    # evaluate
    "with torch.no_grad():\n"
    "    acc = (model(x).argmax(1) == y).float().mean().item()\n"
    "print(f'train accuracy: {acc:.3f}')",
]


def run_notebook(cells):
    runner = CellRunner(namespace={"torch": torch, "nn": nn, "F": F})
    total = runner.run_all(cells)
    echoed = sum(r.echoed for r in runner.history)
    return {"cells": len(runner.history), "echoed": echoed, "seconds": round(total, 3)}


def main():
    summary = run_notebook(CELLS)
    print("ran {cells} cells ({echoed} echoed) in {seconds}s".format(**summary))


if __name__ == "__main__":
    main()
