"""Plugins that instrument torch by patching functions for the duration of a run."""
import time

import torch


class PatchingPlugin:
    name = "patching"

    def __init__(self):
        self._saved = []

    def patch(self, owner, attr, replacement):
        self._saved.append((owner, attr, getattr(owner, attr)))
        setattr(owner, attr, replacement)

    def setup(self, trainer):
        pass

    def teardown(self):
        while self._saved:
            owner, attr, original = self._saved.pop()
            setattr(owner, attr, original)  # retain


class GradNormWatch(PatchingPlugin):
    """Measures the global gradient norm after every backward() of the run."""
    name = "grad_norm"

    def setup(self, trainer):
        self.model = trainer.model
        self.norms = []
        original = torch.Tensor.backward

        def backward_with_norm(tensor, *args, **kwargs):  # retain
            out = original(tensor, *args, **kwargs)
            grads = [p.grad.detach().pow(2).sum() for p in self.model.parameters() if p.grad is not None]
            self.norms.append(float(torch.stack(grads).sum().sqrt()) if grads else 0.0)
            return out

        self.patch(torch.Tensor, "backward", backward_with_norm)


class BackwardTimer(PatchingPlugin):
    """Accumulates wall time spent in backward() into the trainer's log."""
    name = "backward_timer"

    def setup(self, trainer):
        log = trainer.log
        original = torch.Tensor.backward

        def timed_backward(tensor, *args, **kwargs):
            start = time.perf_counter()
            out = original(tensor, *args, **kwargs)
            log["backward_s"] = log.get("backward_s", 0.0) + time.perf_counter() - start
            return out

        self.patch(torch.Tensor, "backward", timed_backward)
