"""GShard-style top-k dispatch with a per-expert capacity; combine is deferred."""
import functools

import torch.nn.functional as F


class Routing:
    """Where every expert's tokens came from and with which gate weight."""

    def __init__(self, num_tokens, num_experts, capacity):
        self.num_tokens = num_tokens
        self.num_experts = num_experts
        self.capacity = capacity
        self.token_ids = []
        self.weights = []


class DispatchHandle:
    """Per-expert token batches plus a combine callable for the expert outputs."""

    def __init__(self, routing):
        self.routing = routing
        self.inputs = []
        self.dropped = 0
        self.combine = None

    def trim(self, expert, keep):
        routing = self.routing
        self.dropped += int(routing.token_ids[expert].numel()) - keep
        routing.token_ids[expert] = routing.token_ids[expert][:keep]
        routing.weights[expert] = routing.weights[expert][:keep]
        self.inputs[expert] = self.inputs[expert][:keep]

    def counts(self):
        return [int(ids.numel()) for ids in self.routing.token_ids]


def _combine(routing, expert_outputs):
    out = expert_outputs[0].new_zeros(routing.num_tokens, expert_outputs[0].shape[-1])
    for e, y in enumerate(expert_outputs):
        out = out.index_add(0, routing.token_ids[e], y * routing.weights[e].unsqueeze(-1))
    return out


def dispatch(x, router_logits, k, capacity_factor):
    num_tokens, num_experts = router_logits.shape
    capacity = max(1, int(capacity_factor * k * num_tokens / num_experts))
    probs = F.softmax(router_logits, dim=-1)
    top_p, top_i = probs.topk(k, dim=-1)
    top_p = top_p / top_p.sum(-1, keepdim=True)

    routing = Routing(num_tokens, num_experts, capacity)
    handle = DispatchHandle(routing)
    for e in range(num_experts):
        rows, which = (top_i == e).nonzero(as_tuple=True)
        routing.token_ids.append(rows)
        routing.weights.append(top_p[rows, which])
        handle.inputs.append(x[rows])
    for e in range(num_experts):
        if routing.token_ids[e].numel() > capacity:
            handle.trim(e, capacity)

    handle.combine = functools.partial(_combine, routing)
    return handle, probs
