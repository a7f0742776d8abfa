"""Hand-rolled activation checkpointing (the blocks here are deterministic, so no RNG stashing)."""
import torch


def _detach_inputs(inputs):
    detached = []
    for t in inputs:
        if isinstance(t, torch.Tensor):
            d = t.detach()
            d.requires_grad_(t.requires_grad)
            detached.append(d)
        else:
            detached.append(t)
    return tuple(detached)


class CheckpointFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, run_function, *args):
        ctx.run_function = run_function  # cycle
        ctx.save_for_backward(*args)
        with torch.no_grad():
            outputs = run_function(*args)
        return outputs

    @staticmethod
    def backward(ctx, *grad_outputs):
        inputs = _detach_inputs(ctx.saved_tensors)
        with torch.enable_grad():
            outputs = ctx.run_function(*inputs)
        if isinstance(outputs, torch.Tensor):
            outputs = (outputs,)
        torch.autograd.backward(outputs, grad_outputs)
        grads = tuple(t.grad if isinstance(t, torch.Tensor) else None for t in inputs)
        return (None,) + grads


def checkpoint(run_function, *args):
    """Recompute `run_function(*args)` during backward instead of storing activations."""
    return CheckpointFunction.apply(run_function, *args)
