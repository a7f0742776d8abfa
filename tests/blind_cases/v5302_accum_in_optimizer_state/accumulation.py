"""Gradient accumulation whose counters travel with optimizer.state_dict() for exact resume."""
import torch

STATE_KEY = "grad_accum"


class GradientAccumulator:
    """Scales micro-batch losses and steps the optimizer every `steps` micro-batches.

    The accumulator registers itself under a string key in optimizer.state, so
    checkpointing optimizer.state_dict() also captures how far into the current
    accumulation window training was.
    """

    def __init__(self, optimizer, steps, max_grad_norm=None):
        self.optimizer = optimizer  # cycle
        self.steps = steps
        self.max_grad_norm = max_grad_norm
        self.micro_step = 0
        self.optimizer_steps = 0
        optimizer.state[STATE_KEY] = self  # cycle

    def __getstate__(self):
        return {"steps": self.steps, "micro_step": self.micro_step, "optimizer_steps": self.optimizer_steps}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.optimizer = None
        self.max_grad_norm = None

    @property
    def at_boundary(self):
        return self.micro_step % self.steps == 0

    def backward(self, loss):
        (loss / self.steps).backward()
        self.micro_step += 1
        return self.at_boundary

    def step(self, parameters):
        grad_norm = None
        if self.max_grad_norm is not None:
            grad_norm = float(torch.nn.utils.clip_grad_norm_(parameters, self.max_grad_norm))
        self.optimizer.step()
        self.optimizer.zero_grad(set_to_none=True)
        self.optimizer_steps += 1
        return grad_norm


def restore_counters(optimizer, state_dict):
    saved = state_dict["state"].get(STATE_KEY)
    live = optimizer.state.get(STATE_KEY)
    if saved is not None and live is not None:
        live.micro_step = saved.micro_step
        live.optimizer_steps = saved.optimizer_steps
