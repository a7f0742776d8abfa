"""FSDP-like wrapper API for single-process runs: same constructor, state-dict helpers, no sharding."""
import contextlib

import torch.nn as nn

import optim_state


def size_based_policy(min_params=200):
    def policy(module):
        return sum(p.numel() for p in module.parameters(recurse=False)) >= min_params
    return policy


class ShardedModule(nn.Module):
    def __init__(self, module, auto_wrap_policy=None, prefix=""):
        super().__init__()
        self.wrapped = module
        self._prefix = prefix
        if auto_wrap_policy is not None:
            for name, child in list(module.named_children()):
                if auto_wrap_policy(child):
                    setattr(module, name, ShardedModule(child, None, prefix=f"{prefix}{name}."))
        optim_state.register_fqns(module.named_parameters(), prefix)

    def forward(self, *args, **kwargs):
        return self.wrapped(*args, **kwargs)

    @contextlib.contextmanager
    def summon_full_params(self):
        yield self.wrapped

    @staticmethod
    def full_optim_state_dict(model, optimizer):
        return optim_state.full_optim_state_dict(optimizer)
