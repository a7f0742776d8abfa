"""A small JAX-style ``custom_vjp`` helper built on torch.autograd.Function.

A decorated function returns ``(out, vjp)``; ``vjp(grad_out)`` must return a
tuple with one entry per positional argument (``None`` for non-tensors).
"""
import functools

import torch


def custom_vjp(fwd):
    class _VJPFunction(torch.autograd.Function):
        @staticmethod
        def forward(ctx, *args):
            out, vjp = fwd(*args)
            ctx.vjp = vjp  # cycle
            ctx.n_args = len(args)
            return out

        @staticmethod
        def backward(ctx, grad_out):
            grads = ctx.vjp(grad_out)
            if not isinstance(grads, tuple):
                grads = (grads,)
            if len(grads) != ctx.n_args:
                raise RuntimeError(
                    f"{fwd.__name__}: vjp returned {len(grads)} gradients for {ctx.n_args} inputs")
            return grads

    _VJPFunction.__name__ = "".join(p.title() for p in fwd.__name__.split("_")) + "Function"
    _VJPFunction.__qualname__ = _VJPFunction.__name__

    @functools.wraps(fwd)
    def op(*args):
        return _VJPFunction.apply(*args)

    op.function_class = _VJPFunction
    return op
