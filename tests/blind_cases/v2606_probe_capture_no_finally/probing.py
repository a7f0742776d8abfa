"""Linear-probe utilities: capture intermediate features of a frozen encoder and fit
a small linear classifier on them."""
import contextlib
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


class FeatureRecorder:
    def __init__(self, layers):
        self.layers = dict(layers)  # cycle
        self.features = {}

    def hook_for(self, name):
        return functools.partial(self._store, name)  # cycle

    def _store(self, name, module, inputs, output):
        pooled = output.mean(dim=(2, 3)) if output.dim() == 4 else output
        self.features[name] = pooled.detach().flatten(1)


@contextlib.contextmanager
def capture(model, layer_names):
    """Record the outputs of the named submodules of ``model`` while the block runs."""
    layers = {name: model.get_submodule(name) for name in layer_names}
    recorder = FeatureRecorder(layers)
    handles = [layers[name].register_forward_hook(recorder.hook_for(name)) for name in layer_names]  # cycle
    yield recorder.features
    for handle in handles:
        handle.remove()


def fit_linear_probe(features, labels, in_features, n_classes, steps=5, lr=0.1):
    probe = nn.Linear(in_features, n_classes)
    opt = torch.optim.SGD(probe.parameters(), lr=lr)
    for _ in range(steps):
        loss = F.cross_entropy(probe(features), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        return (probe(features).argmax(1) == labels).float().mean().item()
