"""Contrastive activation addition (CAA): steering vectors from paired prompt sets."""
import contextlib
from dataclasses import dataclass

import torch

# concept -> SteeringVector, shared by every notebook / sweep in the process
STEERING_LIBRARY = {}


@dataclass
class SteeringVector:
    concept: str
    layer: str
    direction: torch.Tensor
    scale: float


def mean_last_token_activation(model, layer_name, batches):
    layer = model.get_submodule(layer_name)
    collected = []
    handle = layer.register_forward_hook(lambda mod, inp, out: collected.append(out[:, -1]))
    try:
        for tokens in batches:
            model(tokens)
    finally:
        handle.remove()
    return torch.cat(collected).mean(dim=0)


def build_steering_vector(model, concept, layer_name, positive, negative):
    pos = mean_last_token_activation(model, layer_name, positive)
    neg = mean_last_token_activation(model, layer_name, negative)
    diff = pos - neg
    vec = SteeringVector(concept, layer_name, diff / diff.norm(), float(diff.norm()))  # retain
    STEERING_LIBRARY[concept] = vec  # retain
    return vec


@contextlib.contextmanager
def steering(model, vec, alpha=1.0):
    layer = model.get_submodule(vec.layer)

    def add_direction(mod, inp, out):
        out = out.clone()
        out[:, -1] += alpha * vec.scale * vec.direction
        return out

    handle = layer.register_forward_hook(add_direction)
    try:
        yield vec
    finally:
        handle.remove()
