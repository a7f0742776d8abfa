"""Sub-commands of the `sweep` tool; each one receives the session and the parsed args."""
import argparse

import torch
import torch.nn.functional as F


def _fraction(text):
    value = float(text)
    if not 0.0 < value < 1.0:
        raise argparse.ArgumentTypeError(f"expected a value in (0, 1), got {text!r}")
    return value


def configure_train(parser):
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--dropout", type=_fraction, default=0.1)


def train(session, args):
    model = session.build(args.dropout)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        for x, y in session.batches(4):
            loss = F.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        session.record(epoch=epoch, train_loss=loss.item())
    session.model = model


def configure_validate(parser):
    parser.add_argument("--batches", type=int, default=2)


@torch.no_grad()
def validate(session, args):
    session.model.eval()
    errors = [F.mse_loss(session.model(x), y).item() for x, y in session.batches(args.batches)]
    session.record(val_loss=sum(errors) / len(errors))


COMMANDS = {
    "train": (configure_train, train),
    "validate": (configure_validate, validate),
}


def build_parser(prog):
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--width", type=int, default=16)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (configure, handler) in COMMANDS.items():
        command = sub.add_parser(name)
        configure(command)
        command.set_defaults(handler=handler)
    return parser
