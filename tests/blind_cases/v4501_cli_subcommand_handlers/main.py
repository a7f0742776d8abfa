"""Experiment application: a model registry plus an argparse CLI with fit/eval commands."""
import shlex

import torch
import torch.nn as nn
import torch.nn.functional as F

from cli import build_parser

MODELS = {}


def register_model(name):
    def deco(factory):
        MODELS[name] = factory
        return factory
    return deco


@register_model("mlp")
def _mlp(in_dim=12, classes=3):
    return nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU(), nn.Linear(32, classes))


@register_model("linear")
def _linear(in_dim=12, classes=3):
    return nn.Linear(in_dim, classes)


class ExperimentApp:
    in_dim = 12
    classes = 3

    def __init__(self, name, defaults):
        self.name = name
        self.parser = build_parser(self, dict(defaults, models=MODELS))  # cycle
        self.model = None
        self.history = []

    def _batch(self, batch_size):
        x = torch.randn(batch_size, self.in_dim)
        return x, (x[:, :self.classes].argmax(dim=1))

    def cmd_fit(self, args):
        torch.manual_seed(args.seed)
        self.model = MODELS[args.model](self.in_dim, self.classes)
        opt = torch.optim.SGD(self.model.parameters(), lr=args.lr, momentum=0.9)
        for epoch in range(args.epochs):
            running = 0.0
            for _ in range(args.steps_per_epoch):
                x, y = self._batch(args.batch_size)
                loss = F.cross_entropy(self.model(x), y)
                opt.zero_grad()
                loss.backward()
                opt.step()
                running += loss.item()
            self.history.append({"epoch": epoch, "loss": running / args.steps_per_epoch})
        return self.history[-1]["loss"]

    @torch.no_grad()
    def cmd_eval(self, args):
        self.model.eval()
        correct = total = 0
        for _ in range(args.batches):
            x, y = self._batch(args.batch_size)
            correct += (self.model(x).argmax(dim=1) == y).sum().item()
            total += y.numel()
        return correct / total

    def run(self, command_line):
        args = self.parser.parse_args(shlex.split(command_line))
        return args.handler(args)


def main():
    for model_name in ("mlp", "linear"):
        app = ExperimentApp(f"{model_name}-baseline", {"model": model_name, "batch_size": 8})
        app.run("fit --epochs 2 --lr 0.1")
        app.run("eval --batches 2")


if __name__ == "__main__":
    main()
