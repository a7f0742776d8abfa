"""Linear learning-rate warm-up over the first steps."""


class LinearWarmup:
    def __init__(self, optimizer, steps):
        self.steps = steps
        self.base = [g["lr"] for g in optimizer.param_groups]

    def on_step_end(self, trainer):
        scale = min(1.0, (trainer.global_step + 1) / self.steps)
        for group, base in zip(trainer.optimizer.param_groups, self.base):
            group["lr"] = base * scale


def setup(trainer, steps=4):
    ext = LinearWarmup(trainer.optimizer, steps)
    trainer.callbacks.append(ext)
    return ext
