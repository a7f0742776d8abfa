"""GRU language model on synthetic sequences, validated with cached beam search."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from prefix_cache import DEFAULT_CACHE, PrefixCache

VOCAB, BOS = 8, 0


class GRULM(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, dim)
        self.cell = nn.GRUCell(dim, dim)
        self.out = nn.Linear(dim, VOCAB)
        self.h0 = nn.Parameter(torch.zeros(1, dim))

    def step(self, state, token):
        state = self.cell(self.embed(torch.tensor([token])), state)
        return state, F.log_softmax(self.out(state), -1)[0]


def beam_search(model, beam_size, length, cache=None):
    cache = cache or DEFAULT_CACHE
    beams = [((BOS,), 0.0)]
    for _ in range(length):
        candidates = []
        for prefix, score in beams:
            hit = cache.lookup(prefix)
            if hit is None:
                parent = cache.lookup(prefix[:-1]) if len(prefix) > 1 else None
                state = parent.state if parent is not None else model.h0
                state, logprobs = model.step(state, prefix[-1])
                cache.insert(prefix, state, logprobs)
            else:
                logprobs = hit.logprobs
            top = torch.topk(logprobs, beam_size)
            for lp, tok in zip(top.values.tolist(), top.indices.tolist()):
                candidates.append((prefix + (tok,), score + lp))
        beams = sorted(candidates, key=lambda c: -c[1])[:beam_size]
    return beams[0]


def make_batch(n, length):
    start = torch.randint(1, VOCAB, (n, 1))
    return (start + torch.arange(length)) % (VOCAB - 1) + 1


def main():
    torch.manual_seed(0)
    model = GRULM()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(3):
        for _ in range(5):
            seqs = make_batch(8, 6)
            state, loss = model.h0.expand(8, -1), 0.0
            for t in range(5):
                state = model.cell(model.embed(seqs[:, t]), state)
                loss = loss + F.cross_entropy(model.out(state), seqs[:, t + 1])
            opt.zero_grad()
            loss.backward()
            opt.step()
        cache = PrefixCache()
        with torch.no_grad():
            best, score = beam_search(model, beam_size=3, length=5, cache=cache)
        print(f"epoch {epoch}: best {best} logp {score:.2f}")


if __name__ == "__main__":
    main()
