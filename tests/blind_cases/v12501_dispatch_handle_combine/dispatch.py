"""GShard-style top-k dispatch with a per-expert capacity; combine is deferred."""
import torch.nn.functional as F


class DispatchHandle:
    """Per-expert token batches plus what is needed to scatter expert outputs
    back into token order once the experts have run."""

    def __init__(self, num_tokens, num_experts, capacity):
        self.num_tokens = num_tokens
        self.num_experts = num_experts
        self.capacity = capacity
        self.token_ids = []
        self.weights = []
        self.inputs = []
        self.dropped = 0
        self.combine = None

    def trim(self, expert, keep):
        self.dropped += int(self.token_ids[expert].numel()) - keep
        self.token_ids[expert] = self.token_ids[expert][:keep]
        self.weights[expert] = self.weights[expert][:keep]
        self.inputs[expert] = self.inputs[expert][:keep]

    def counts(self):
        return [int(ids.numel()) for ids in self.token_ids]


def dispatch(x, router_logits, k, capacity_factor):
    num_tokens, num_experts = router_logits.shape
    capacity = max(1, int(capacity_factor * k * num_tokens / num_experts))
    probs = F.softmax(router_logits, dim=-1)
    top_p, top_i = probs.topk(k, dim=-1)
    top_p = top_p / top_p.sum(-1, keepdim=True)

    handle = DispatchHandle(num_tokens, num_experts, capacity)
    for e in range(num_experts):
        rows, which = (top_i == e).nonzero(as_tuple=True)
        handle.token_ids.append(rows)
        handle.weights.append(top_p[rows, which])
        handle.inputs.append(x[rows])
    for e in range(num_experts):
        if handle.token_ids[e].numel() > capacity:
            handle.trim(e, capacity)

    def combine(expert_outputs):  # cycle
        out = x.new_zeros(handle.num_tokens, expert_outputs[0].shape[-1])
        for e, y in enumerate(expert_outputs):
            out = out.index_add(0, handle.token_ids[e], y * handle.weights[e].unsqueeze(-1))
        return out

    handle.combine = combine  # cycle
    return handle, probs
