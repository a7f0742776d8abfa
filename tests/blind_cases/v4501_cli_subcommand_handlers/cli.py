"""Command-line front end shared by the experiment scripts."""
import argparse


def _positive_float(text):
    value = float(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return value


def _add_common(parser, defaults):
    parser.add_argument("--model", choices=sorted(defaults["models"]), default=defaults["model"])
    parser.add_argument("--batch-size", type=int, default=defaults.get("batch_size", 16))
    parser.add_argument("--seed", type=int, default=0)


def build_parser(app, defaults):
    """Build the `exp` parser; every sub-command dispatches to a method of `app`."""
    parser = argparse.ArgumentParser(prog="exp", description="train and evaluate registered models")
    commands = parser.add_subparsers(dest="command", required=True)

    fit = commands.add_parser("fit", help="train a model from the registry")
    _add_common(fit, defaults)
    fit.add_argument("--epochs", type=int, default=2)
    fit.add_argument("--lr", type=_positive_float, default=0.05)
    fit.add_argument("--steps-per-epoch", type=int, default=4)
    fit.set_defaults(handler=app.cmd_fit)  # cycle

    evaluate = commands.add_parser("eval", help="score the last trained model")
    _add_common(evaluate, defaults)
    evaluate.add_argument("--batches", type=int, default=3)
    evaluate.set_defaults(handler=app.cmd_eval)  # cycle
    return parser
