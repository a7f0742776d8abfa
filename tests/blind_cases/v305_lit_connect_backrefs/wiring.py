"""Connects a trainer and a module in both directions before fitting."""


def connect(trainer, module):
    trainer.lightning_module = module  # cycle
    module._attach_trainer(trainer)
    trainer.optimizer = module.configure_optimizers()
