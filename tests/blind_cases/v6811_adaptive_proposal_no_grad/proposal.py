"""Adaptive negative-sampling proposal for sampled softmax.

The proposal q(item) tracks the softmax mass the model puts on each item, so
that sampled negatives follow the model's own confusions; log q is subtracted
from the sampled logits to keep the estimator unbiased.
"""
import torch


class AdaptiveProposal:
    def __init__(self, num_items, decay=0.95, floor=1e-6):
        self.num_items = num_items
        self.decay = decay
        self.floor = floor
        self.q = torch.full((num_items,), 1.0 / num_items)
        self.updates = 0

    def sample(self, num, generator=None):
        return torch.multinomial(self.q.clamp_min(self.floor), num, replacement=True, generator=generator)

    def log_q(self, item_ids):
        return self.q[item_ids].clamp_min(self.floor).log()

    @torch.no_grad()
    def observe(self, candidate_ids, probs):
        mass = probs.mean(dim=0)
        self.q.mul_(self.decay)
        self.q.index_add_(0, candidate_ids, (1.0 - self.decay) * mass)
        self.updates += 1

    def entropy(self):
        p = self.q / self.q.sum()
        return float(-(p * p.clamp_min(1e-12).log()).sum())


NUM_ITEMS = 400
PROPOSAL = AdaptiveProposal(NUM_ITEMS)
