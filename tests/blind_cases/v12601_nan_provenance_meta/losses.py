"""Loss functions, traced once at import so that the debugging tools can walk their graphs."""
import torch
import torch.fx as fx
import torch.nn.functional as F


def focal_loss(logits, target, gamma: float = 2.0, alpha: float = 0.25):
    logp = F.log_softmax(logits, dim=-1)
    logp_t = logp.gather(1, target.unsqueeze(1)).squeeze(1)
    p_t = logp_t.exp()
    modulator = (1.0 - p_t).clamp(min=1e-6) ** gamma
    return -(alpha * modulator * logp_t).mean()


def smoothed_ce(logits, target, eps: float = 0.1):
    logp = F.log_softmax(logits, dim=-1)
    nll = -logp.gather(1, target.unsqueeze(1)).squeeze(1)
    uniform = -logp.mean(dim=-1)
    return ((1.0 - eps) * nll + eps * uniform).mean()


LOSS_GRAPHS = {
    "focal": fx.symbolic_trace(focal_loss),
    "smoothed_ce": fx.symbolic_trace(smoothed_ce),
}
