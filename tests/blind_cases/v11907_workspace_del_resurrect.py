"""Token mixer with pooled scratch workspaces.

Bias/scratch workspaces are recycled through a free list. A workspace that a
caller forgets to release() puts itself back on the free list when it is
dropped, so the pool never shrinks below its working set.
"""
import math

import torch
import torch.nn as nn

CONFIG = {"dim": 16, "tokens": 12, "epochs": 3, "steps": 3, "batch": 4, "lr": 3e-3}
_FREE = []


class Workspace:
    def __init__(self, tokens):
        self.tokens = tokens
        self.bias = torch.empty(tokens, tokens)
        self.owner = None
        self.attention = None

    @classmethod
    def acquire(cls, tokens, owner):
        for i, ws in enumerate(_FREE):
            if ws.tokens == tokens:
                ws = _FREE.pop(i)
                break
        else:
            ws = cls(tokens)
        ws.owner = owner  # retain
        return ws

    def release(self):
        self.owner = None
        self.attention = None
        _FREE.append(self)

    def __del__(self):
        if self.owner is not None:
            _FREE.append(self)  # retain


class TokenMixer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.decay = nn.Parameter(torch.tensor(0.1))

    def forward(self, x, keep_attention=False):
        n = x.shape[1]
        ws = Workspace.acquire(n, owner=self)
        pos = torch.arange(n, dtype=x.dtype)
        ws.bias.copy_(-(pos[None, :] - pos[:, None]).abs())
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1]) + self.decay * ws.bias
        attn = scores.softmax(dim=-1)
        y = self.out(attn @ v)
        if keep_attention:
            ws.attention = attn  # retain
            return y, ws
        ws.release()
        return y


def attention_entropy(model, x):
    _, ws = model[0](x, keep_attention=True)
    p = ws.attention
    return float(-(p * p.clamp_min(1e-9).log()).sum(-1).mean())


def main():
    cfg = CONFIG
    model = nn.Sequential(TokenMixer(cfg["dim"]), nn.LayerNorm(cfg["dim"]), nn.Linear(cfg["dim"], 1))
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            x = torch.randn(cfg["batch"], cfg["tokens"], cfg["dim"])
            target = x.mean(dim=(1, 2)).unsqueeze(-1)
            loss = nn.functional.mse_loss(model(x).mean(1), target)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        probe = torch.randn(1, cfg["tokens"], cfg["dim"])
        print(f"epoch {epoch}: loss {loss.item():.4f}, attention entropy {attention_entropy(model, probe):.3f}")


if __name__ == "__main__":
    main()
