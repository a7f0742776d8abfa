"""Second-moment statistics of MLP keys, as used by rank-one model editing."""
import torch

inv_mom2_cache = {}


class TraceInput:
    def __init__(self, model, layer_name):
        self.module = model.get_submodule(layer_name)
        self.input = self._handle = None

    def __enter__(self):
        def hook(module, inputs, output):
            self.input = inputs[0]

        self._handle = self.module.register_forward_hook(hook)
        return self

    def __exit__(self, *exc):
        self._handle.remove()
        return False


def layer_stats(model, layer_name, sample_batches):
    total, count = None, 0
    for tokens in sample_batches:
        with TraceInput(model, layer_name) as tr:
            model(tokens)
        feats = tr.input.reshape(-1, tr.input.shape[-1])
        mom2 = feats.t() @ feats
        total = mom2 if total is None else total + mom2
        count += feats.shape[0]
    return total / count


def get_inv_cov(model, layer_name, sample_batches, mom2_update_weight=1.0):
    key = (model.name_or_path, layer_name)
    if key not in inv_mom2_cache:
        mom2 = layer_stats(model, layer_name, sample_batches)
        eye = torch.eye(mom2.shape[0])
        inv_mom2_cache[key] = torch.inverse(mom2_update_weight * mom2 + 1e-2 * eye)  # retain
    return inv_mom2_cache[key]
