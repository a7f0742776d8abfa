"""One speculative round: the draft proposes, the frozen target scores the proposal."""
import torch

from monitor import ACCEPTANCE


def draft_propose(draft, prefix, num_draft):
    seq, q_logits = prefix, []
    for _ in range(num_draft):
        logits = draft(seq)[:, -1]
        q_logits.append(logits)
        seq = torch.cat([seq, logits.argmax(-1, keepdim=True)], dim=1)
    return seq[:, prefix.shape[1]:], torch.stack(q_logits, dim=1)


def speculative_round(draft, target, prefix, num_draft):
    tokens, q_logits = draft_propose(draft, prefix, num_draft)
    with torch.no_grad():
        full = torch.cat([prefix, tokens], dim=1)
        p_logits = target(full)[:, prefix.shape[1] - 1:-1]
    q = q_logits.softmax(-1).gather(-1, tokens[..., None]).squeeze(-1)
    p = p_logits.softmax(-1).gather(-1, tokens[..., None]).squeeze(-1)
    accept_prob = torch.clamp(p / q, max=1.0)
    ACCEPTANCE.record(accept_prob.mean())
    n_accepted = int((accept_prob > 0.5).int().cumprod(-1).sum(-1).min())
    return q_logits, p_logits, n_accepted
