"""Forward-hook activation tap that cleans up after itself when it is garbage-collected."""
import functools
import weakref

import torch


def _restore(model, hook_keys, was_training):
    for name, key in hook_keys:
        model.get_submodule(name)._forward_hooks.pop(key, None)
    model.train(was_training)


class ActivationTap:
    """Collects mean/std of selected layers' outputs.

    No explicit close() is needed: the hooks are detached by a weakref.finalize
    callback once the tap is no longer referenced.
    """

    def __init__(self, model, layer_names, eval_mode=True):
        self.stats = {name: [] for name in layer_names}
        keys = []
        for name in layer_names:
            layer = model.get_submodule(name)
            handle = layer.register_forward_hook(functools.partial(self._record, name))  # retain
            keys.append((name, handle.id))
        was_training = model.training
        if eval_mode:
            model.eval()
        self._finalizer = weakref.finalize(self, _restore, model, keys, was_training)  # retain

    @torch.no_grad()
    def _record(self, name, module, inputs, output):
        self.stats[name].append((output.mean().item(), output.std().item()))

    def summary(self):
        out = {}
        for name, rows in self.stats.items():
            if rows:
                out[name] = (sum(r[0] for r in rows) / len(rows), sum(r[1] for r in rows) / len(rows))
        return out
