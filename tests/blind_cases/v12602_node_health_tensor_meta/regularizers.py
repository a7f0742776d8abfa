"""Output regularizers, traced at import so that health checks can inspect every op."""
import torch
import torch.fx as fx
import torch.nn.functional as F


def confidence_penalty(logits, temperature: float = 1.0):
    probs = F.softmax(logits / temperature, dim=-1)
    logp = F.log_softmax(logits / temperature, dim=-1)
    entropy = -(probs * logp).sum(dim=-1)
    return -entropy.mean()


def logit_norm_penalty(logits, tau: float = 0.04):
    norms = logits.norm(p=2, dim=-1, keepdim=True).clamp(min=1e-7)
    return (logits / (norms * tau)).pow(2).mean() * 1e-3


REGULARIZERS = {
    "confidence": fx.symbolic_trace(confidence_penalty),
    "logit_norm": fx.symbolic_trace(logit_norm_penalty),
}
