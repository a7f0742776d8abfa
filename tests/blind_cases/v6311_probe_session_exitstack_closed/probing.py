"""Linear-probe session: freezes a backbone and taps intermediate features.

Everything done in open() is undone by close(); the undo steps are collected
with an ExitStack so that a failure half-way through open() also unwinds.
"""
import collections
import contextlib
import functools

import torch


class ProbeSession:
    def __init__(self, backbone, layer_names):
        self.backbone = backbone
        self.layer_names = list(layer_names)
        self.features = collections.defaultdict(list)
        self._undo = None

    def _collect(self, name, module, inputs, output):
        self.features[name].append(output.detach().flatten(1))

    def _unfreeze(self, params):
        for p in params:
            p.requires_grad_(True)

    def open(self):
        if self._undo is not None:
            raise RuntimeError("probe session already open")
        with contextlib.ExitStack() as stack:
            stack.callback(self.backbone.train, self.backbone.training)
            self.backbone.eval()
            frozen = [p for p in self.backbone.parameters() if p.requires_grad]
            for p in frozen:
                p.requires_grad_(False)
            stack.callback(self._unfreeze, frozen)
            for name in self.layer_names:
                module = self.backbone.get_submodule(name)
                handle = module.register_forward_hook(functools.partial(self._collect, name))
                stack.callback(handle.remove)
            stack.callback(self.features.clear)
            self._undo = stack.pop_all()
        return self

    def close(self):
        undo, self._undo = self._undo, None
        if undo is not None:
            undo.close()

    def __enter__(self):
        return self.open()

    def __exit__(self, exc_type, exc, tb):
        self.close()
        return False

    def stacked(self, name):
        return torch.cat(self.features[name])
