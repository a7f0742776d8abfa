"""RegMean merging: per-layer least-squares merge from the Gram matrices of each model's layer inputs."""
import functools

import torch
import torch.nn as nn


def _accumulate_gram(grams, name, module, inputs, output):
    x = inputs[0].reshape(-1, inputs[0].shape[-1])
    grams[name] = grams.get(name, 0) + x.t() @ x


@torch.no_grad()
def collect_grams(model, batches):
    grams, handles = {}, []
    try:
        for name, module in model.named_modules():
            if isinstance(module, nn.Linear):
                handles.append(module.register_forward_hook(functools.partial(_accumulate_gram, grams, name)))
        for x in batches:
            model(x)
    finally:
        for handle in handles:
            handle.remove()
    return grams


@torch.no_grad()
def regmean_merge(models, grams_per_model, alpha=0.9):
    merged = {}
    named = [dict(m.named_modules()) for m in models]
    for key in models[0].state_dict():
        layer, _, kind = key.rpartition(".")
        tensors = [m.state_dict()[key] for m in models]
        if kind != "weight" or layer not in grams_per_model[0]:
            merged[key] = torch.stack(tensors).mean(0)
            continue
        lhs, rhs = 0, 0
        for mods, grams in zip(named, grams_per_model):
            g = grams[layer]
            g = alpha * g + (1 - alpha) * torch.diag(torch.diag(g))
            lhs = lhs + g
            rhs = rhs + g @ mods[layer].weight.t()
        merged[key] = torch.linalg.solve(lhs, rhs).t()
    return merged
