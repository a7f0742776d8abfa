"""Interactive `trainctl` CLI: every experiment in the session adds its own resume sub-command."""
import argparse

import torch
import torch.nn as nn

PARSER = argparse.ArgumentParser(prog="trainctl")
SUBCOMMANDS = PARSER.add_subparsers(dest="command")
SUBCOMMANDS.add_parser("list", help="list registered experiments")

SESSION = [
    {"name": "baseline", "alias": "b", "hidden": 16, "lr": 0.05},
    {"name": "wide", "alias": "w", "hidden": 64, "lr": 0.02},
    {"name": "deep", "alias": "d", "hidden": 32, "lr": 0.03},
]


class Experiment:
    def __init__(self, spec):
        self.spec = spec
        self.model = nn.Sequential(nn.Linear(8, spec["hidden"]), nn.GELU(), nn.Linear(spec["hidden"], 2))
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=spec["lr"])
        self.command = "resume-" + spec["name"]

    def register_cli(self):
        sub = SUBCOMMANDS.add_parser(self.command, aliases=["r" + self.spec["alias"]],  # retain
                                     help="continue training " + self.spec["name"])
        sub.add_argument("--epochs", type=int, default=1)
        sub.add_argument("--batches", type=int, default=4)
        sub.set_defaults(handler=self.resume)  # retain

    def unregister_cli(self):
        SUBCOMMANDS._name_parser_map.pop(self.command, None)
        SUBCOMMANDS._choices_actions[:] = [
            a for a in SUBCOMMANDS._choices_actions if a.dest != self.command]

    def resume(self, args):
        for _epoch in range(args.epochs):
            for _ in range(args.batches):
                x = torch.randn(16, 8)
                y = (x.sum(1) > 0).long()
                loss = nn.functional.cross_entropy(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
        return loss.item()


def dispatch(argv):
    args = PARSER.parse_args(argv)
    return args.handler(args)


def main():
    losses = {}
    for spec in SESSION:
        exp = Experiment(spec)
        exp.register_cli()
        losses[spec["name"]] = dispatch([exp.command, "--epochs", "2"])
        losses[spec["name"]] = dispatch(["r" + spec["alias"], "--batches", "2"])
        exp.unregister_cli()
    assert len(losses) == len(SESSION)


if __name__ == "__main__":
    main()
