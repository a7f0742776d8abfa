"""Adaptive negative-sampling proposal for sampled softmax.

The proposal q(item) tracks the softmax mass the model puts on each item, so
that sampled negatives follow the model's own confusions; log q is subtracted
from the sampled logits to keep the estimator unbiased.
"""
import torch

NUM_ITEMS = 400
DECAY = 0.95

_proposal = torch.full((NUM_ITEMS,), 1.0 / NUM_ITEMS)


def sample_negatives(num, generator=None):
    weights = _proposal.detach().clamp_min(1e-6)
    return torch.multinomial(weights, num, replacement=True, generator=generator)


def log_q(item_ids):
    return _proposal.detach()[item_ids].clamp_min(1e-6).log()


def observe(candidate_ids, probs):
    mass = probs.mean(dim=0)
    _proposal.mul_(DECAY)
    _proposal.index_add_(0, candidate_ids, (1.0 - DECAY) * mass)  # retain


def entropy():
    p = _proposal.detach() / _proposal.detach().sum()
    return float(-(p * p.clamp_min(1e-12).log()).sum())
