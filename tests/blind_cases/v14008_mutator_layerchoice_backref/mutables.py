"""NNI-1.x-style mutables and mutators: modules declare choices, a mutator decides them."""
import random

import torch.nn as nn


class LayerChoice(nn.Module):
    def __init__(self, candidates, key):
        super().__init__()
        self.candidates = nn.ModuleList(candidates)
        self.key = key

    def set_mutator(self, mutator):
        # stored outside _modules so that the mutator is not treated as a submodule
        self.__dict__["mutator"] = mutator  # cycle

    def forward(self, x):
        return self.__dict__["mutator"].on_forward_layer_choice(self, x)

    def __len__(self):
        return len(self.candidates)


class Mutator:
    def __init__(self, model):
        self.model = model  # cycle
        self.mutables = {}
        for _, module in model.named_modules():
            if isinstance(module, LayerChoice):
                module.set_mutator(self)
                self.mutables[module.key] = module
        self._decisions = {}

    def reset(self):
        self._decisions = self.sample_search()

    def sample_search(self):
        raise NotImplementedError

    def on_forward_layer_choice(self, mutable, x):
        return mutable.candidates[self._decisions[mutable.key]](x)

    def export(self):
        return dict(self._decisions)


class RandomMutator(Mutator):
    def __init__(self, model, seed=0):
        super().__init__(model)
        self.rng = random.Random(seed)

    def sample_search(self):
        return {key: self.rng.randrange(len(m)) for key, m in self.mutables.items()}


class FixedMutator(Mutator):
    def __init__(self, model, decisions):
        super().__init__(model)
        self._fixed = dict(decisions)

    def sample_search(self):
        return dict(self._fixed)
