"""Warm-started Sinkhorn-Knopp as an autograd Function (straight-through backward)."""
import torch


class SinkhornState:
    """Dual variables carried between calls and code statistics for monitoring."""

    def __init__(self, n_prototypes, eps=0.05, n_iters=3):
        self.eps = eps
        self.n_iters = n_iters
        self.log_u = torch.zeros(n_prototypes)
        self.last_codes = None
        self.calls = 0

    def cluster_usage(self):
        if self.last_codes is None:
            return 0
        return int(self.last_codes.argmax(dim=1).unique().numel())


class SinkhornKnopp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, scores, state):
        b, k = scores.shape
        log_q = scores / state.eps + state.log_u
        for _ in range(state.n_iters):
            log_q = log_q - torch.logsumexp(log_q, dim=0, keepdim=True) - torch.log(torch.tensor(float(k)))
            log_q = log_q - torch.logsumexp(log_q, dim=1, keepdim=True) - torch.log(torch.tensor(float(b)))
        state.log_u = 0.5 * state.log_u + 0.5 * (log_q - scores / state.eps).mean(dim=0)
        state.calls += 1
        q = torch.exp(log_q) * b
        ctx.state = state  # cycle
        ctx.save_for_backward(q)
        return q

    @staticmethod
    def backward(ctx, grad_q):
        (q,) = ctx.saved_tensors
        centered = grad_q - (grad_q * q).sum(dim=1, keepdim=True)
        return q * centered / ctx.state.eps, None


def assign_codes(scores, state):
    codes = SinkhornKnopp.apply(scores, state)
    state.last_codes = codes  # cycle
    return codes
