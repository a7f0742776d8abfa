"""Tiny rotary-attention language model; rotary tables come from a recompute cache."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from memo import RecomputeCache

LM_CFG = {"vocab": 50, "dim": 32, "heads": 4, "layers": 2, "seq_lens": (8, 12, 16),
          "batch": 4, "lr": 3e-3, "steps": 6, "rope_base": 10000.0}


def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat([-x2, x1], dim=-1)


class RotaryAttention(nn.Module):
    def __init__(self, dim, heads, rope_base):
        super().__init__()
        self.heads, self.head_dim, self.rope_base = heads, dim // heads, rope_base
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.tables = RecomputeCache(max_entries=8)  # cycle

    def _rotary_table(self, seq_len, dtype):
        inv_freq = 1.0 / self.rope_base ** (torch.arange(0, self.head_dim, 2, dtype=dtype) / self.head_dim)
        freqs = torch.outer(torch.arange(seq_len, dtype=dtype), inv_freq)
        emb = torch.cat([freqs, freqs], dim=-1)
        return emb.cos(), emb.sin()

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4)
        cos, sin = self.tables.get(self._rotary_table, t, x.dtype)  # cycle
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        att = (q @ k.transpose(-2, -1)) / self.head_dim ** 0.5
        mask = torch.ones(t, t, dtype=torch.bool).triu(1)
        att = att.masked_fill(mask, float("-inf")).softmax(dim=-1)
        return self.proj((att @ v).transpose(1, 2).reshape(b, t, d))


class TinyLM(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Embedding(cfg["vocab"], cfg["dim"])
        self.blocks = nn.ModuleList(
            RotaryAttention(cfg["dim"], cfg["heads"], cfg["rope_base"]) for _ in range(cfg["layers"]))
        self.norm = nn.LayerNorm(cfg["dim"])
        self.out = nn.Linear(cfg["dim"], cfg["vocab"])

    def forward(self, tokens):
        h = self.embed(tokens)
        for block in self.blocks:
            h = h + block(h)
        return self.out(self.norm(h))


def main():
    torch.manual_seed(0)
    model = TinyLM(LM_CFG)
    opt = torch.optim.AdamW(model.parameters(), lr=LM_CFG["lr"])
    for step in range(LM_CFG["steps"]):
        seq_len = LM_CFG["seq_lens"][step % len(LM_CFG["seq_lens"])]
        tokens = torch.randint(0, LM_CFG["vocab"], (LM_CFG["batch"], seq_len + 1))
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, LM_CFG["vocab"]), tokens[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
    print(f"loss {loss.item():.3f}; {model.blocks[0].tables}")


if __name__ == "__main__":
    main()
