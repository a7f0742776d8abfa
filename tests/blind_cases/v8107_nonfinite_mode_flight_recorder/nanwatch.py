"""Non-finite value watch: a TorchFunctionMode that records every op producing inf/nan."""
from collections import deque
from dataclasses import dataclass, field

import torch
from torch.overrides import TorchFunctionMode


@dataclass
class Incident:
    step: int
    op: str
    inputs: tuple
    output: torch.Tensor
    nan: bool


@dataclass
class FlightRecorder:
    capacity: int = 128
    step: int = 0
    incidents: deque = field(default_factory=deque)

    def add(self, incident):
        if len(self.incidents) >= self.capacity:
            self.incidents.popleft()
        self.incidents.append(incident)  # retain

    def counts(self):
        out = {}
        for inc in self.incidents:
            out[inc.op] = out.get(inc.op, 0) + 1
        return out


RECORDER = FlightRecorder()


def _op_name(func):
    return getattr(func, "__name__", None) or repr(func)


class NonFiniteWatch(TorchFunctionMode):
    def __init__(self, recorder=RECORDER, raise_on_nan=True):
        super().__init__()
        self.recorder = recorder
        self.raise_on_nan = raise_on_nan

    def __torch_function__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        if isinstance(out, torch.Tensor) and out.is_floating_point():
            finite = torch.isfinite(out)
            if not bool(finite.all()):
                has_nan = bool(torch.isnan(out).any())
                self.recorder.add(Incident(self.recorder.step, _op_name(func), args, out, has_nan))  # retain
                if has_nan and self.raise_on_nan:
                    raise FloatingPointError(f"{_op_name(func)} produced NaN at step {self.recorder.step}")
        return out
