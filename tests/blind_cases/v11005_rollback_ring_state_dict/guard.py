"""Loss-spike guard: keeps the last good snapshots in memory and rolls back on a spike."""
import collections
import math

_RING = collections.deque(maxlen=2)


class SpikeGuard:
    def __init__(self, factor=4.0, momentum=0.8, every=2):
        self.factor = factor
        self.momentum = momentum
        self.every = every
        self.ema = None
        self.rollbacks = 0

    def snapshot(self, step, model, optimizer):
        weights = {k: v.detach().clone() for k, v in model.state_dict().items()}
        record = {"step": step, "model": weights, "optim": optimizer.state_dict()}
        _RING.append(record)  # retain

    def _is_spike(self, loss):
        return self.ema is not None and (not math.isfinite(loss) or loss > self.factor * self.ema)

    def observe(self, step, loss, model, optimizer):
        """Returns True when the step was undone."""
        if self._is_spike(loss) and _RING:
            last = _RING[-1]
            model.load_state_dict(last["model"])
            optimizer.load_state_dict(last["optim"])
            self.rollbacks += 1
            return True
        self.ema = loss if self.ema is None else self.momentum * self.ema + (1 - self.momentum) * loss
        if step % self.every == 0:
            self.snapshot(step, model, optimizer)
        return False
