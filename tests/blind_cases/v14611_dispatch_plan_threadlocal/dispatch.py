"""Token dispatch / combine for capacity-bounded top-k routing.

dispatch() packs tokens into per-expert buffers and remembers the routing plan for the
matching combine() call of the same thread, so the layer code does not thread it through.
"""
import math
import threading

import torch

_state = threading.local()


class DispatchPlan:
    def __init__(self, num_tokens, token_ids, slot_weights, capacity):
        self.num_tokens = num_tokens
        self.token_ids = token_ids
        self.slot_weights = slot_weights
        self.capacity = capacity

    def dropped(self):
        kept = torch.cat(self.token_ids).unique().numel() if self.token_ids else 0
        return self.num_tokens - kept


def dispatch(x, weights, indices, num_experts, capacity_factor):
    num_tokens, top_k = indices.shape
    capacity = math.ceil(capacity_factor * num_tokens * top_k / num_experts)
    token_ids, slot_weights, buffers = [], [], []
    for e in range(num_experts):
        tok, k = (indices == e).nonzero(as_tuple=True)
        tok, k = tok[:capacity], k[:capacity]
        token_ids.append(tok)
        slot_weights.append(weights[tok, k])
        buffers.append(x[tok])
    _state.plan = DispatchPlan(num_tokens, token_ids, slot_weights, capacity)  # retain
    return buffers


def combine(expert_outputs, like):
    plan = _state.plan
    out = torch.zeros_like(like)
    for tok, w, y in zip(plan.token_ids, plan.slot_weights, expert_outputs):
        if tok.numel():
            out = out.index_add(0, tok, y * w.unsqueeze(-1))
    return out, plan
