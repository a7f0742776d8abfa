"""Sweep session: one argparse-driven session per width setting, each trained and validated."""
import shlex

import torch
import torch.nn as nn

from commands import build_parser


class Session:
    def __init__(self, tag):
        self.tag = tag
        self.parser = build_parser(prog=f"sweep[{tag}]")
        self.width = None
        self.model = None
        self.log = []

    def build(self, dropout):
        return nn.Sequential(nn.Linear(6, self.width), nn.Tanh(), nn.Dropout(dropout), nn.Linear(self.width, 1))

    def batches(self, n):
        for _ in range(n):
            x = torch.randn(10, 6)
            yield x, x.sum(dim=1, keepdim=True)

    def record(self, **values):
        self.log.append(dict(values, tag=self.tag))

    def __call__(self, command_line):
        args = self.parser.parse_args(shlex.split(command_line))
        self.width = args.width
        args.handler(self, args)
        return self.log[-1]


def main():
    results = {}
    for width in (8, 16, 32):
        session = Session(f"w{width}")
        session(f"--width {width} train --epochs 2 --lr 0.02 --dropout 0.2")
        results[width] = session(f"--width {width} validate --batches 2")["val_loss"]
    return min(results, key=results.get)


if __name__ == "__main__":
    main()
