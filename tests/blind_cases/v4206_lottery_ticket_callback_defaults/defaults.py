"""Experiment defaults shared by every sweep entry point."""
from pruning import ModelPruning

TRAINER_DEFAULTS = {
    "max_epochs": 3,
    "steps_per_epoch": 2,
    "lr": 0.05,
    "callbacks": [ModelPruning(amount=0.3)],
}
