"""Stochastic depth as a custom autograd op.

The block decides the drop pattern; backward asks the block for its current
survival probability so that schedule changes between forward and backward
(e.g. under gradient accumulation) are honoured.
"""
import torch


class _StochasticDepthFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, branch, block):
        keep = block.survival_prob()
        mask = block.sample_mask(branch.shape[0]).to(branch.dtype)
        ctx.block = block  # cycle
        ctx.save_for_backward(mask)
        return branch * mask.view(-1, *([1] * (branch.dim() - 1))) / keep

    @staticmethod
    def backward(ctx, grad_out):
        (mask,) = ctx.saved_tensors
        keep = ctx.block.survival_prob()
        shape = (-1,) + (1,) * (grad_out.dim() - 1)
        return grad_out * mask.view(shape) / keep, None


def stochastic_depth(branch, block):
    if not block.training or block.drop_prob == 0.0:
        return branch
    return _StochasticDepthFn.apply(branch, block)
