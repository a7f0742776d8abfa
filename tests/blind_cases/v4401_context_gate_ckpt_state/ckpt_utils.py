"""Activation-checkpointing helpers shared by the seq2seq blocks."""
import torch
from torch.utils.checkpoint import checkpoint


def checkpoint_enabled(module, cfg):
    """Checkpoint only while training with autograd recording."""
    return bool(cfg.get("grad_ckpt", False)) and module.training and torch.is_grad_enabled()


def maybe_checkpoint(enabled, fn, *tensors):
    """Run ``fn(*tensors)``, recomputing it in backward when ``enabled``."""
    if enabled:
        return checkpoint(fn, *tensors)  # cycle
    return fn(*tensors)
