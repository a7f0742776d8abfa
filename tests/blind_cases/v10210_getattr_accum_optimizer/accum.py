"""Gradient-accumulation wrapper that looks like the optimizer it wraps."""


class AccumulatingOptimizer:
    """Steps the wrapped optimizer every `every` calls; all other attributes are forwarded.

    Forwarded methods are cached on the wrapper after the first lookup so that the
    hot loop does not go through __getattr__ on every call.
    """

    def __init__(self, optimizer, every):
        self.optimizer = optimizer
        self.every = every
        self.micro_steps = 0

    def __getattr__(self, name):
        if name == "optimizer":
            raise AttributeError(name)
        value = getattr(self.optimizer, name)
        if callable(value):
            self.__dict__[name] = value
        return value

    def step(self, closure=None):
        self.micro_steps += 1
        if self.micro_steps % self.every:
            return None
        loss = self.optimizer.step(closure)
        self.optimizer.zero_grad(set_to_none=True)
        return loss

    def scale_loss(self, loss):
        return loss / self.every

    def __repr__(self):
        return "AccumulatingOptimizer(%r, every=%d)" % (type(self.optimizer).__name__, self.every)
