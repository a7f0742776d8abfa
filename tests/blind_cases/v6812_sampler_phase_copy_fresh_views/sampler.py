"""Negative sampler with per-phase views (train / valid / test).

The training phase draws popularity-smoothed negatives and can re-rank them by
the current item tower (hard negatives); evaluation phases draw uniformly and
exclude the items a user has already interacted with.
"""
import copy

import torch


class NegativeSampler:
    def __init__(self, num_items, interactions, alpha=0.75, item_encoder=None, phase="train"):
        self.num_items = num_items
        self.phase = phase
        self.item_encoder = item_encoder
        counts = torch.bincount(interactions[:, 1], minlength=num_items).float()
        self.train_weights = (counts + 1.0).pow(alpha)
        self.uniform_weights = torch.ones(num_items)
        self.weights = self.train_weights
        self.seen = {}
        for user, item in interactions.tolist():
            self.seen.setdefault(user, set()).add(item)
        self._phase_views = {}

    def __copy__(self):
        clone = type(self).__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone._phase_views = {}
        return clone

    def for_phase(self, phase):
        view = self._phase_views.get(phase)
        if view is None:
            view = copy.copy(self)
            view.phase = phase
            view.weights = self.train_weights if phase == "train" else self.uniform_weights
            self._phase_views[phase] = view
        return view

    def sample(self, users, num, pool_factor=3, generator=None):
        pool = torch.multinomial(self.weights, num * pool_factor, replacement=True, generator=generator)
        if self.phase != "train":
            seen = set().union(*(self.seen.get(u, set()) for u in users.tolist()))
            keep = [i for i in pool.tolist() if i not in seen]
            pool = torch.tensor((keep + pool.tolist())[: num * pool_factor])
        if self.phase == "train" and self.item_encoder is not None:
            with torch.no_grad():
                hardness = self.item_encoder(pool).norm(dim=-1)
            pool = pool[hardness.argsort(descending=True)]
        return pool[:num]
