"""Helpers for sharing the token embedding matrix with the output projection."""
import torch.nn as nn


def _resolve(model, dotted):
    obj = model
    for part in dotted.split("."):
        obj = getattr(obj, part)
    return obj


def tie_output_embedding(model, embed_path="embed", head_path="lm_head"):
    """Make the head read the embedding weight at call time.

    Re-pointing the parameter inside a pre-forward hook keeps the tie intact
    even after the embedding is resized or reloaded from a checkpoint.
    """
    head = _resolve(model, head_path)
    if not isinstance(head, nn.Linear):
        raise TypeError("head must be nn.Linear, got %s" % type(head).__name__)

    def _retie(module, inputs):  # cycle
        shared = _resolve(model, embed_path).weight
        if module.weight is not shared:
            module.weight = shared

    _retie(head, ())
    return head.register_forward_pre_hook(_retie)  # cycle


def count_unique_parameters(model):
    return sum(p.numel() for p in {id(p): p for p in model.parameters()}.values())
