"""Iterative magnitude pruning built on torch.nn.utils.prune."""
import torch.nn as nn
import torch.nn.utils.prune as prune


class MagnitudePruner:
    def __init__(self, model, final_sparsity=0.6, rounds=3, layer_types=(nn.Linear, nn.Conv2d)):
        self.targets = [(m, "weight") for m in model.modules() if isinstance(m, layer_types)]
        self.final_sparsity = final_sparsity
        self.rounds = rounds
        self.completed = 0

    def step_amount(self):
        keep_final = 1.0 - self.final_sparsity
        keep_per_round = keep_final ** (1.0 / self.rounds)
        return 1.0 - keep_per_round

    def prune_round(self):
        prune.global_unstructured(self.targets, pruning_method=prune.L1Unstructured, amount=self.step_amount())
        self.completed += 1
        return self.sparsity()

    def masking_hooks(self):
        found = {}
        for module, name in self.targets:
            for hook in module._forward_pre_hooks.values():
                if isinstance(hook, prune.BasePruningMethod):
                    found[id(module)] = type(hook).__name__
        return found

    def sparsity(self):
        zeros = sum(int((getattr(m, n) == 0).sum()) for m, n in self.targets)
        total = sum(getattr(m, n).numel() for m, n in self.targets)
        return zeros / total

    def finalize(self):
        for module, name in self.targets:
            if prune.is_pruned(module):
                prune.remove(module, name)
