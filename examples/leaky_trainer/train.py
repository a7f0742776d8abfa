"""Entry point: a few short training runs, as in a hyper-parameter sweep."""
from .model import MLP
from .trainer import Trainer


def main():
    for hidden in (16, 32, 64):
        model = MLP(hidden=hidden)
        trainer = Trainer(model)
        trainer.fit()
        trainer.evaluate()


if __name__ == "__main__":
    main()
