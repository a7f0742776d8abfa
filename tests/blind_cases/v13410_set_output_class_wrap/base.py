"""Estimator/transformer mixins, including a set_output() API for transformer containers."""
import functools

import torch


def _to_tensor(out, X):
    return torch.as_tensor(out, dtype=torch.float32)


def _to_rows(out, X):
    return [row.tolist() for row in out]


_CONVERTERS = {"default": lambda out, X: out, "tensor": _to_tensor, "rows": _to_rows}


def _wrap_method_output(method):
    @functools.wraps(method)
    def wrapped(self, X, *args, **kwargs):
        out = method(self, X, *args, **kwargs)
        config = getattr(self, "_output_config", "default")
        return _CONVERTERS[config](out, X)
    return wrapped


class TransformerMixin:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in ("transform", "fit_transform"):
            if name in vars(cls):
                setattr(cls, name, _wrap_method_output(vars(cls)[name]))

    def fit_transform(self, X, y=None):
        return self.fit(X, y).transform(X)

    def set_output(self, *, transform=None):
        if transform is not None:
            self._output_config = transform
        return self


TransformerMixin.fit_transform = _wrap_method_output(TransformerMixin.fit_transform)
