"""Beam-search decoding for a small cached-attention LM, with a KV-cache memory budget."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, BOS, EOS = 14, 1, 2


class CachedSelfAttention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x, past=None):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        if past is not None:
            k = torch.cat([past[0], k], dim=1)
            v = torch.cat([past[1], v], dim=1)
        scores = q @ k.transpose(1, 2) / math.sqrt(q.size(-1))
        if past is None and x.size(1) > 1:
            causal = torch.ones(x.size(1), k.size(1), dtype=torch.bool).triu(1)
            scores = scores.masked_fill(causal, -1e4)
        return self.out(scores.softmax(-1) @ v), (k, v)


class CachedLM(nn.Module):
    def __init__(self, dim=16, layers=2):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, dim)
        self.blocks = nn.ModuleList(CachedSelfAttention(dim) for _ in range(layers))
        self.head = nn.Linear(dim, VOCAB)

    def forward(self, ids, past=None):
        h = self.embed(ids)
        presents = []
        for i, block in enumerate(self.blocks):
            a, present = block(h, None if past is None else past[i])
            h = h + a
            presents.append(present)
        return self.head(h), tuple(presents)


def reorder_cache(past, beam_idx):
    if torch.is_tensor(past):
        return past.index_select(0, beam_idx)
    return type(past)(reorder_cache(p, beam_idx) for p in past)


def cache_nbytes(past):
    leaves = []

    def collect(obj):  # cycle
        if torch.is_tensor(obj):
            leaves.append(obj)
        elif isinstance(obj, (tuple, list)):
            for item in obj:
                collect(item)
        elif isinstance(obj, dict):
            for item in obj.values():
                collect(item)

    collect(past)
    return sum(t.numel() * t.element_size() for t in leaves)


class BeamSearcher:
    def __init__(self, model, beam_size=3, max_len=8, max_cache_bytes=1 << 20, length_penalty=1.0):
        self.model = model
        self.beam_size = beam_size
        self.max_len = max_len
        self.max_cache_bytes = max_cache_bytes
        self.length_penalty = length_penalty

    @torch.no_grad()
    def search(self):
        beams = torch.full((self.beam_size, 1), BOS)
        scores = torch.zeros(self.beam_size)
        scores[1:] = -1e9
        past, finished = None, []
        for _ in range(self.max_len):
            logits, past = self.model(beams if past is None else beams[:, -1:], past)
            logp = F.log_softmax(logits[:, -1], dim=-1) + scores[:, None]
            top, flat = logp.view(-1).topk(self.beam_size)
            beam_idx, tokens = flat // VOCAB, flat % VOCAB
            beams = torch.cat([beams[beam_idx], tokens[:, None]], dim=1)
            scores, past = top, reorder_cache(past, beam_idx)
            for b in (tokens == EOS).nonzero().flatten().tolist():
                norm = scores[b].item() / (beams.size(1) ** self.length_penalty)
                finished.append((norm, beams[b].tolist()))
                scores[b] = -1e9
            if cache_nbytes(past) > self.max_cache_bytes or len(finished) >= self.beam_size:
                break
        return max(finished, default=(scores.max().item(), beams[0].tolist()))


def main():
    torch.manual_seed(0)
    model = CachedLM()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(3):
        model.train()
        for _ in range(3):
            seq = torch.cat([torch.full((8, 1), BOS), torch.randint(3, VOCAB, (8, 6)),
                             torch.full((8, 1), EOS)], dim=1)
            logits, _ = model(seq[:, :-1])
            loss = F.cross_entropy(logits.reshape(-1, VOCAB), seq[:, 1:].reshape(-1))
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        best_score, best_tokens = BeamSearcher(model, max_cache_bytes=4096).search()
        assert best_tokens[0] == BOS


if __name__ == "__main__":
    main()
