"""Base class that records the last call of every layer type for shape reports."""
import dataclasses
import functools

import torch.nn as nn

_TRACED_CLASSES = []


@dataclasses.dataclass
class TraceRecord:
    layer: str
    input_shapes: list
    output: object

    @property
    def output_shape(self):
        return tuple(self.output.shape)


def _shapes(args):
    return [tuple(a.shape) for a in args if hasattr(a, "shape")]


def _wrap_forward(cls, forward):
    @functools.wraps(forward)
    def traced_forward(self, *args, **kwargs):
        out = forward(self, *args, **kwargs)
        if self.trace_calls:
            cls.last_call = TraceRecord(cls.__qualname__, _shapes(args), out)  # retain
        return out

    return traced_forward


class Traced(nn.Module):
    trace_calls = True
    last_call = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "forward" in cls.__dict__:
            cls.forward = _wrap_forward(cls, cls.__dict__["forward"])
            _TRACED_CLASSES.append(cls)


def shape_report():
    lines = []
    for cls in _TRACED_CLASSES:
        rec = cls.last_call
        if rec is not None:
            lines.append(f"{rec.layer:<12} {rec.input_shapes} -> {list(rec.output_shape)}")
    return "\n".join(lines)
