"""Activation recomputation with a live table of checkpoints that still await backward.

The table feeds the memory report of the training loop (bytes of stashed
inputs per block) and lets the loop see how many recomputations are queued.
"""
import itertools

import torch

_CALL_IDS = itertools.count()
_AWAITING_BACKWARD = {}


class RecomputeBlock(torch.autograd.Function):
    @staticmethod
    def forward(ctx, block, x):
        ctx.block = block  # retain
        ctx.call_id = next(_CALL_IDS)
        ctx.input_bytes = x.numel() * x.element_size()
        ctx.save_for_backward(x)
        _AWAITING_BACKWARD[ctx.call_id] = ctx  # retain
        with torch.no_grad():
            return block(x)

    @staticmethod
    def backward(ctx, grad_out):
        _AWAITING_BACKWARD.pop(ctx.call_id, None)
        (x,) = ctx.saved_tensors
        x = x.detach().requires_grad_()
        with torch.enable_grad():
            out = ctx.block(x)
        torch.autograd.backward(out, grad_out)
        return None, x.grad


def checkpoint_block(block, x):
    if torch.is_grad_enabled() and block.training:
        return RecomputeBlock.apply(block, x)
    return block(x)


def stashed_bytes():
    return sum(ctx.input_bytes for ctx in _AWAITING_BACKWARD.values())
