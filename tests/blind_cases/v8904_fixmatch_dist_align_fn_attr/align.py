"""ReMixMatch-style distribution alignment for pseudo-labels."""
import collections

import torch


def distribution_alignment(probs, p_target, eps=1e-6):
    """Rescale class probabilities so that their running mean matches p_target."""
    history = distribution_alignment.history
    history.append(probs.mean(dim=0))  # retain
    p_model = torch.stack(tuple(history)).mean(dim=0)
    aligned = probs * (p_target + eps) / (p_model + eps)
    return aligned / aligned.sum(dim=1, keepdim=True)


distribution_alignment.history = collections.deque(maxlen=128)


def reset_alignment():
    distribution_alignment.history.clear()
