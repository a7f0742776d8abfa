"""Nucleus-sampling token stream with a growing KV cache; clients may stop reading early."""
import math
from collections import OrderedDict

import torch
import torch.nn as nn

VOCAB = list(" abcdefghijklmnopqrstuvwxyz.")


class CausalLM(nn.Module):
    def __init__(self, vocab=len(VOCAB), dim=32, heads=4):
        super().__init__()
        self.heads = heads
        self.embed = nn.Embedding(vocab, dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.head = nn.Linear(dim, vocab)

    def _split(self, t):
        b, n, d = t.shape
        return t.view(b, n, self.heads, d // self.heads).transpose(1, 2)

    def forward(self, ids, cache=None):
        x = self.embed(ids)
        q, k, v = map(self._split, self.qkv(x).chunk(3, dim=-1))
        if cache is not None:
            k, v = torch.cat([cache[0], k], dim=2), torch.cat([cache[1], v], dim=2)
        t, s = ids.shape[1], k.shape[2]
        mask = torch.ones(t, s, dtype=torch.bool).triu(s - t + 1)
        att = (q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])).masked_fill(mask, -1e9)
        h = (att.softmax(-1) @ v).transpose(1, 2).reshape_as(x)
        h = x + h
        return self.head(h + self.mlp(h)), (k, v)


class Sampler:
    def __init__(self, model, top_p=0.9, temperature=0.8, max_prefixes=4):
        self.model = model.eval()
        self.top_p = top_p
        self.temperature = temperature
        self.max_prefixes = max_prefixes
        self.prefixes = OrderedDict()

    def _prefill(self, prompt):
        if prompt in self.prefixes:
            self.prefixes.move_to_end(prompt)
            return self.prefixes[prompt]
        ids = torch.tensor([[VOCAB.index(c) for c in prompt]])
        logits, cache = self.model(ids)
        self.prefixes[prompt] = (logits[:, -1:], cache)
        if len(self.prefixes) > self.max_prefixes:
            self.prefixes.popitem(last=False)
        return logits[:, -1:], cache

    def _nucleus(self, logits):
        probs = torch.softmax(logits / self.temperature, dim=-1)
        sorted_p, order = probs.sort(descending=True)
        keep = sorted_p.cumsum(-1) - sorted_p < self.top_p
        sorted_p = sorted_p * keep
        choice = torch.multinomial(sorted_p / sorted_p.sum(), 1)
        return int(order[choice]), probs

    @torch.no_grad()
    def stream(self, prompt, max_new_tokens=32):
        logits, cache = self._prefill(prompt)
        for _ in range(max_new_tokens):
            token, probs = self._nucleus(logits[0, -1])
            yield VOCAB[token], probs
            logits, cache = self.model(torch.tensor([[token]]), cache)


def serve(sampler, prompt, char_budget):
    text, entropies = [], []
    for piece, probs in sampler.stream(prompt):
        entropies.append(float(-(probs * probs.clamp_min(1e-9).log()).sum()))
        text.append(piece)
        if piece == "." or len(text) >= char_budget:
            break
    return "".join(text), sum(entropies) / len(entropies)


def main():
    torch.manual_seed(0)
    sampler = Sampler(CausalLM())
    for prompt, budget in [("once upon", 10), ("the server", 40), ("once upon", 6), ("a", 5)]:
        text, entropy = serve(sampler, prompt, budget)
        print(repr(prompt), "->", repr(text), "mean entropy %.3f" % entropy)


if __name__ == "__main__":
    main()
