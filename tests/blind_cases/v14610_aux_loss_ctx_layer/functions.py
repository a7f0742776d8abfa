"""Autograd helper that lets a routed layer inject its auxiliary loss without returning it."""
import torch


class AttachAuxLoss(torch.autograd.Function):
    """Identity on the hidden states; backward also sends coef * 1 into the auxiliary loss."""

    @staticmethod
    def forward(ctx, hidden, aux_loss, layer):
        ctx.layer = layer  # cycle
        ctx.aux_shape = aux_loss.shape
        ctx.aux_needs_grad = aux_loss.requires_grad
        return hidden

    @staticmethod
    def backward(ctx, grad_hidden):
        layer = ctx.layer
        layer.aux_backward_calls += 1
        grad_aux = None
        if ctx.aux_needs_grad:
            grad_aux = grad_hidden.new_full(ctx.aux_shape, layer.aux_coef)
        return grad_hidden, grad_aux, None
