"""Keeps the embedding table frozen for the first steps of a run."""


class FreezeWarmup:
    def __init__(self, model, steps):
        self.table = model.embed.weight
        self.steps = steps
        self.table.requires_grad_(False)

    def after_step(self, step, loss):
        if step + 1 == self.steps:
            self.table.requires_grad_(True)


def make(model, steps=2):
    return FreezeWarmup(model, steps)
