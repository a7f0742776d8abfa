"""Class decorator that runs selected methods of a model without autograd."""
import functools

import torch


def inference_methods(*names, mode=torch.no_grad):
    """Wrap the listed methods so that calls never build an autograd graph.

    The methods are looked up per instance, so overrides in subclasses are wrapped too.
    """
    def decorate(cls):
        original_init = cls.__init__

        @functools.wraps(original_init)
        def __init__(self, *args, **kwargs):
            original_init(self, *args, **kwargs)
            for name in names:
                setattr(self, name, mode()(getattr(self, name)))  # cycle

        cls.__init__ = __init__
        cls._inference_methods = tuple(names)
        return cls

    return decorate
