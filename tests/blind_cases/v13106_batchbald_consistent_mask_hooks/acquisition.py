"""Greedy BatchBALD selection from per-mask class probabilities."""
import torch


def _entropy(p):
    return -(p * p.clamp_min(1e-12).log()).sum()


def batchbald_select(log_probs, batch_size):
    probs = log_probs.exp()  # [K, N, C]
    k, n, _ = probs.shape
    conditional = -(probs * log_probs).sum(-1).mean(0)  # E_w H[y | x, w], shape [N]
    selected = []
    joint = torch.ones(k, 1)
    for _ in range(batch_size):
        best, best_score = None, float("-inf")
        for i in range(n):
            if i in selected:
                continue
            candidate = (joint.unsqueeze(-1) * probs[:, i].unsqueeze(1)).reshape(k, -1)
            score = _entropy(candidate.mean(0)) - conditional[selected + [i]].sum()
            if score.item() > best_score:
                best, best_score = i, score.item()
        selected.append(best)
        joint = (joint.unsqueeze(-1) * probs[:, best].unsqueeze(1)).reshape(k, -1)
    return selected, best_score
