"""Zero-cost proxies used to rank untrained candidate networks (SynFlow)."""
import torch
import torch.nn as nn


@torch.no_grad()
def _linearize(model):
    signs = {}
    for name, p in model.state_dict().items():
        signs[name] = torch.sign(p)
        p.abs_()
    return signs


@torch.no_grad()
def _restore(model, signs):
    for name, p in model.state_dict().items():
        p.mul_(signs[name])


def synflow(model, input_dim):
    """Data-free SynFlow saliency: sum over parameters of |theta * dR/dtheta|."""
    signs = _linearize(model)
    model.zero_grad(set_to_none=True)
    x = torch.ones(1, input_dim)
    model.double()
    out = model(x.double())
    torch.sum(out).backward()
    score = 0.0
    for p in model.parameters():
        if p.grad is not None:
            score = score + (p * p.grad).abs().sum()
    model.float()
    _restore(model, signs)
    model.zero_grad(set_to_none=True)
    return score


PROXIES = {"synflow": synflow}


def count_params(model: nn.Module):
    return sum(p.numel() for p in model.parameters())
