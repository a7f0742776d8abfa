"""Guided backpropagation (Springenberg et al., 2015) via a custom ReLU autograd Function."""
import copy

import torch
import torch.nn as nn


class GuidedReLUFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.input = x
        return x.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_out):
        forward_mask = (ctx.input > 0).to(grad_out.dtype)
        return grad_out.clamp(min=0) * forward_mask


class GuidedReLU(nn.Module):
    def forward(self, x):
        return GuidedReLUFunction.apply(x)


def swap_relus(module):
    for name, child in module.named_children():
        if isinstance(child, nn.ReLU):
            setattr(module, name, GuidedReLU())
        else:
            swap_relus(child)


class GuidedBackprop:
    def __init__(self, model):
        self.model = copy.deepcopy(model).eval()
        swap_relus(self.model)
        self.last_scores = None

    def __call__(self, images, target):
        x = images.clone().requires_grad_(True)
        scores = self.model(x)
        self.last_scores = scores
        scores.gather(1, target.view(-1, 1)).sum().backward()
        return x.grad.abs().amax(dim=1)
