"""Notebook-style training script with a peek() helper that labels values by variable name."""
import inspect

import torch
import torch.nn as nn

SHOWN = []


def describe(value):
    if isinstance(value, torch.Tensor):
        if value.dim() == 0:
            return f"{value.item():.4f}"
        return f"Tensor{tuple(value.shape)} mean={value.detach().mean().item():.3f}"
    if isinstance(value, nn.Module):
        n_params = sum(p.numel() for p in value.parameters())
        return f"{type(value).__name__} ({n_params} params)"
    return repr(value)


def peek(value):
    """Print `name = summary` using the caller's variable name, like a notebook variable view."""
    caller = inspect.currentframe().f_back
    names = [name for name, v in caller.f_locals.items() if v is value]
    label = names[0] if names else "<expr>"
    text = describe(value)
    SHOWN.append((caller.f_code.co_name, caller.f_lineno, label, text))
    print(f"{label} = {text}")
    return value


class SpanScorer(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.score = nn.Bilinear(dim, dim, 1)

    def forward(self, starts, ends):
        return self.score(self.emb(starts), self.emb(ends)).squeeze(-1)


def main():
    torch.manual_seed(0)
    starts = torch.randint(0, 40, (64,))
    ends = torch.randint(0, 40, (64,))
    targets = ((ends - starts).abs() < 10).float()
    peek(targets)

    scorer = peek(SpanScorer(40, 8))
    opt = torch.optim.Adam(scorer.parameters(), lr=2e-2)
    for epoch in range(3):
        logits = scorer(starts, ends)
        loss = nn.functional.binary_cross_entropy_with_logits(logits, targets)
        opt.zero_grad()
        loss.backward()
        opt.step()
        peek(loss)

    grad_norm = torch.cat([p.grad.flatten() for p in scorer.parameters()]).norm()
    peek(grad_norm)
    print(f"{len(SHOWN)} values shown")


if __name__ == "__main__":
    main()
