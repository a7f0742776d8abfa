"""Dumps intermediate activations of selected layers for offline comparison."""
import io

import torch

DUMP_STORE = {}


class ActivationDumper:
    """Collects outputs of the requested layers during one forward and serialises them."""

    def __init__(self, model, layer_names, run_id):
        self.model = model
        self.layer_names = tuple(layer_names)
        self.run_id = run_id
        self._captured = {}
        self._handles = []

    def _make_hook(self, name):
        def hook(module, inputs, output):
            self._captured[name] = output
        return hook

    def __enter__(self):
        modules = dict(self.model.named_modules())
        for name in self.layer_names:
            self._handles.append(modules[name].register_forward_hook(self._make_hook(name)))
        return self

    def __exit__(self, *exc):
        for handle in self._handles:
            handle.remove()
        self._handles.clear()
        if exc[0] is None:
            self.flush()
        self._captured.clear()
        return False

    def flush(self):
        payload = {name: t.detach().clone() for name, t in self._captured.items()}
        buf = io.BytesIO()
        torch.save(payload, buf)
        DUMP_STORE[(self.run_id, len(DUMP_STORE))] = buf.getvalue()


def load_dump(key):
    return torch.load(io.BytesIO(DUMP_STORE[key]))
