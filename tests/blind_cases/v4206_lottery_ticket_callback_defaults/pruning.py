"""Lightning-style iterative magnitude pruning callback with lottery-ticket weight rewinding."""
from copy import deepcopy

import torch
import torch.nn as nn
from torch.nn.utils import prune


class Callback:
    def setup(self, trainer, model):
        pass

    def on_train_epoch_end(self, trainer, model):
        pass

    def on_train_end(self, trainer, model):
        pass


class ModelPruning(Callback):
    def __init__(self, amount=0.2, parameter_names=("weight",), layer_types=(nn.Linear, nn.Conv2d),
                 use_lottery_ticket_hypothesis=True, make_pruning_permanent=True):
        self.amount = amount
        self.parameter_names = parameter_names
        self.layer_types = layer_types
        self.use_lth = use_lottery_ticket_hypothesis
        self.make_pruning_permanent = make_pruning_permanent
        self._parameters_to_prune = []
        self._original_layers = {}

    def setup(self, trainer, model):
        self._parameters_to_prune = [
            (m, name) for m in model.modules() if isinstance(m, self.layer_types)
            for name in self.parameter_names if getattr(m, name, None) is not None
        ]
        if self.use_lth:
            self._original_layers = {}  # retain
            for i, (module, name) in enumerate(self._parameters_to_prune):
                ref = self._original_layers.setdefault(id(module), {"data": deepcopy(module), "names": []})  # retain
                ref["names"].append((i, name))

    def apply_lottery_ticket_hypothesis(self):
        for ref in self._original_layers.values():
            for i, name in ref["names"]:
                module, _ = self._parameters_to_prune[i]
                orig = getattr(module, name + "_orig", getattr(module, name))
                with torch.no_grad():
                    orig.copy_(getattr(ref["data"], name))

    def on_train_epoch_end(self, trainer, model):
        prune.global_unstructured(self._parameters_to_prune, pruning_method=prune.L1Unstructured, amount=self.amount)
        if self.use_lth:
            self.apply_lottery_ticket_hypothesis()
        sparsity = trainer.sparsity(self._parameters_to_prune)
        trainer.log("sparsity", sparsity)

    def on_train_end(self, trainer, model):
        if self.make_pruning_permanent:
            for module, name in self._parameters_to_prune:
                if prune.is_pruned(module):
                    prune.remove(module, name)
        self._parameters_to_prune = []
