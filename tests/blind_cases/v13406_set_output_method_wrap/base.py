"""Estimator/transformer mixins, including a set_output() API for transformer containers."""
import functools

import torch


def _to_tensor(out, X):
    return torch.as_tensor(out, dtype=torch.float32)


def _to_rows(out, X):
    return [row.tolist() for row in out]


_CONVERTERS = {"default": lambda out, X: out, "tensor": _to_tensor, "rows": _to_rows}


def _wrap_method_output(method, convert):
    @functools.wraps(method)  # cycle
    def wrapped(X, *args, **kwargs):  # cycle
        return convert(method(X, *args, **kwargs), X)
    return wrapped


class TransformerMixin:
    def fit_transform(self, X, y=None):
        return self.fit(X, y).transform(X)

    def set_output(self, *, transform=None):
        if transform is None:
            return self
        convert = _CONVERTERS[transform]
        for name in ("transform", "fit_transform"):
            setattr(self, name, _wrap_method_output(getattr(self, name), convert))  # cycle
        self._output_config = transform
        return self
