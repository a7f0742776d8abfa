"""PackNet: iterative magnitude pruning that packs several tasks into one trunk."""
import torch
import torch.nn as nn
import torch.nn.utils.prune as prune


class PackNet:
    def __init__(self, trunk, prune_ratio=0.5):
        self.trunk = trunk
        self.prune_ratio = prune_ratio
        self.layers = [m for m in trunk.modules() if isinstance(m, nn.Linear)]
        self.owner = [torch.full(m.weight.shape, -1, dtype=torch.long) for m in self.layers]

    @staticmethod
    def _param(m):
        return m.weight_orig if prune.is_pruned(m) else m.weight

    def release(self):
        """Before a new task: bake the current masks in so that freed weights train again."""
        for m in self.layers:
            if prune.is_pruned(m):
                prune.remove(m, "weight")

    def restrict_gradients(self, task):
        for m, owner in zip(self.layers, self.owner):
            w = self._param(m)
            if w.grad is not None:
                w.grad[(owner >= 0) & (owner != task)] = 0.0

    @torch.no_grad()
    def pack(self, task):
        """After training: the largest free weights go to `task`, the others are zeroed and freed."""
        for m, owner in zip(self.layers, self.owner):
            w = self._param(m)
            free = owner < 0
            k = int(free.sum() * self.prune_ratio)
            if k > 0:
                thresh = w[free].abs().kthvalue(k).values
                owner[free & (w.abs() > thresh)] = task
            w[owner < 0] = 0.0

    def use_task(self, task):
        """Mask out the weights that belong to later tasks."""
        for m, owner in zip(self.layers, self.owner):
            mask = ((owner >= 0) & (owner <= task)).float()
            if prune.is_pruned(m):
                m.weight_mask.copy_(mask)
            else:
                prune.custom_from_mask(m, "weight", mask)  # retain
