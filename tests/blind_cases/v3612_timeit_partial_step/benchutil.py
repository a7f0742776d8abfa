"""Timing helpers for comparing training-step throughput across settings."""
import functools
import timeit


def train_step(model, optimizer, loss_fn, inputs, targets):
    optimizer.zero_grad(set_to_none=True)
    loss = loss_fn(model(inputs), targets)
    loss.backward()
    optimizer.step()


class ThroughputProbe:
    """Measures samples per second of a training step for one configuration."""

    def __init__(self, model, optimizer, loss_fn, inputs, targets, *, number=2):
        self.batch_size = inputs.shape[0]
        self.number = number
        self.samples_per_s = []
        step = functools.partial(train_step, model, optimizer, loss_fn, inputs, targets)
        self.timer = timeit.Timer(step)

    def run(self, repeat=3, warmup=1):
        if warmup:
            self.timer.timeit(number=warmup)
        for seconds in self.timer.repeat(repeat=repeat, number=self.number):
            self.samples_per_s.append(self.batch_size * self.number / seconds)
        return max(self.samples_per_s)

    def __repr__(self):
        best = max(self.samples_per_s) if self.samples_per_s else float("nan")
        return f"ThroughputProbe(batch_size={self.batch_size}, best={best:.0f} samples/s)"
