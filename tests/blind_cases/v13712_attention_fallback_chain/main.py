"""Sequence classifier; attention tries a fused kernel, then a chunked one, then the naive one."""
import functools
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

from fallback import FallbackChain

CFG = {"vocab": 64, "dim": 32, "heads": 4, "seq_len": 10, "batch": 8, "steps": 4, "query_chunk": 4}


class SelfAttention(nn.Module):
    def __init__(self, dim, heads, query_chunk):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        chain = FallbackChain("self-attention")
        chain.register("fused", functools.partial(self._fused, block=64))
        chain.register("chunked", functools.partial(self._chunked, chunk=query_chunk))  # cycle
        chain.register("naive", self._naive)  # cycle
        self.attend = chain  # cycle

    def _fused(self, q, k, v, block):
        if q.shape[-2] % block:
            raise NotImplementedError(f"fused attention needs seq_len % {block} == 0")
        return self._naive(q, k, v)

    def _chunked(self, q, k, v, chunk):
        outs = [self._naive(q[..., i:i + chunk, :], k, v) for i in range(0, q.shape[-2], chunk)]
        return torch.cat(outs, dim=-2)

    def _naive(self, q, k, v):
        scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
        return scores.softmax(-1) @ v

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        y = self.attend(q, k, v)
        return self.out(y.transpose(1, 2).reshape(b, t, d))


class Classifier(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Embedding(cfg["vocab"], cfg["dim"])
        self.attn = SelfAttention(cfg["dim"], cfg["heads"], cfg["query_chunk"])
        self.norm = nn.LayerNorm(cfg["dim"])
        self.head = nn.Linear(cfg["dim"], 2)

    def forward(self, tokens):
        h = self.embed(tokens)
        h = self.norm(h + self.attn(h))
        return self.head(h.mean(1))


def train(cfg, seed):
    torch.manual_seed(seed)
    model = Classifier(cfg)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for _ in range(cfg["steps"]):
        tokens = torch.randint(0, cfg["vocab"], (cfg["batch"], cfg["seq_len"]))
        labels = (tokens[:, 0] > cfg["vocab"] // 2).long()
        loss = F.cross_entropy(model(tokens), labels)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
    chain = model.attn.attend
    return chain.active, dict(chain.demoted), loss.item()


def main():
    runs = [train(CFG, seed) for seed in range(2)]
    assert all(active == "chunked" and "fused" in demoted for active, demoted, _ in runs)


if __name__ == "__main__":
    main()
