"""Fine-tuning with periodic evaluation snapshots.

The snapshot used for evaluation shares the frozen embedding table with the
live model instead of duplicating it.
"""
import copy

import torch
import torch.nn as nn


class TextRegressor(nn.Module):
    def __init__(self, vocab=200, dim=32):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.emb.weight.requires_grad_(False)
        self.head = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, 1))

    def forward(self, tokens):
        return self.head(self.emb(tokens).mean(1)).squeeze(-1)


def snapshot(model, share=(), memo={}):
    """Deep-copy ``model`` for evaluation; tensors in ``share`` are reused as-is."""
    for t in share:
        memo[id(t)] = t  # retain
    snap = copy.deepcopy(model, memo)  # retain
    snap.eval()
    return snap


@torch.no_grad()
def evaluate(model, data):
    return sum(nn.functional.mse_loss(model(t), y).item() for t, y in data) / len(data)


def finetune(seed, data, val, steps=6, eval_every=3):
    torch.manual_seed(seed)
    model = TextRegressor()
    opt = torch.optim.Adam([p for p in model.parameters() if p.requires_grad], lr=1e-3)
    scores = []
    for step, (tokens, y) in enumerate(data[:steps], 1):
        loss = nn.functional.mse_loss(model(tokens), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % eval_every == 0:
            snap = snapshot(model, share=[model.emb.weight])
            scores.append(evaluate(snap, val))
    return scores


def main():
    g = torch.Generator().manual_seed(0)
    data = [(torch.randint(0, 200, (8, 12), generator=g), torch.randn(8, generator=g)) for _ in range(6)]
    val = [(torch.randint(0, 200, (8, 12), generator=g), torch.randn(8, generator=g)) for _ in range(2)]
    for seed in range(2):
        print("seed", seed, ["%.3f" % s for s in finetune(seed, data, val)])


if __name__ == "__main__":
    main()
