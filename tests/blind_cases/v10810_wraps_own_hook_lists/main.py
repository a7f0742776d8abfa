"""Scripted CLI session: each experiment gets instrumented copies of the fit/evaluate commands."""
import torch
import torch.nn as nn

import commands  # noqa: F401  (registers the built-in commands)
from cli_registry import COMMANDS, instrumented

EXPERIMENTS = [
    {"name": "small", "hidden": 8, "lr": 0.1},
    {"name": "medium", "hidden": 32, "lr": 0.05},
    {"name": "large", "hidden": 64, "lr": 0.02},
]


class BestCheckpoint:
    def __init__(self, model):
        self.model = model
        self.best = None

    def on_result(self, command_name, result):
        if command_name == "evaluate" and (self.best is None or result["acc"] > self.best):
            self.best = result["acc"]


def run_experiment(spec):
    model = nn.Sequential(nn.Linear(10, spec["hidden"]), nn.ReLU(), nn.Linear(spec["hidden"], 4))
    optimizer = torch.optim.SGD(model.parameters(), lr=spec["lr"])
    checkpoint = BestCheckpoint(model)

    fit_cmd = instrumented(COMMANDS["fit"])
    eval_cmd = instrumented(COMMANDS["evaluate"])
    eval_cmd.after_hooks.append(checkpoint.on_result)

    for _round in range(2):
        fit_cmd(model, optimizer, epochs=1)
        eval_cmd(model)
    return checkpoint.best, fit_cmd.seconds


def main():
    report = {}
    for spec in EXPERIMENTS:
        report[spec["name"]] = run_experiment(spec)
    assert set(report) == {"small", "medium", "large"}


if __name__ == "__main__":
    main()
