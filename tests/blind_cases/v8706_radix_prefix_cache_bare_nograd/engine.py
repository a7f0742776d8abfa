"""Greedy generation engine that reuses cached prompt prefixes."""
import torch
import torch.nn as nn

from radix import PREFIX_CACHE


class Block(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, past_k, past_v):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        keys, values = torch.cat([past_k, k], 2), torch.cat([past_v, v], 2)
        n_past = past_k.shape[2]
        q_pos = torch.arange(n_past, n_past + t)[:, None]
        mask = torch.arange(n_past + t)[None, :] > q_pos
        att = (q @ keys.transpose(-1, -2) / (d // self.heads) ** 0.5).masked_fill(mask, float("-inf"))
        out = (att.softmax(-1) @ values).transpose(1, 2).reshape(b, t, d)
        return x + self.proj(out), k, v


class PrefixLM(nn.Module):
    def __init__(self, vocab=50, dim=32, heads=4, layers=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(Block(dim, heads) for _ in range(layers))
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids, past):
        h, new = self.embed(ids), []
        for block, (pk, pv) in zip(self.blocks, past):
            h, k, v = block(h, pk, pv)
            new.append((k, v))
        return self.head(h[:, -1]), new


def split_positions(layer_kv):
    n = layer_kv[0][0].shape[2]
    return [tuple((k[:, :, i:i + 1], v[:, :, i:i + 1]) for k, v in layer_kv) for i in range(n)]


def join_positions(per_position, n_layers, empty):
    if not per_position:
        return [(empty, empty)] * n_layers
    return [(torch.cat([p[l][0] for p in per_position], 2), torch.cat([p[l][1] for p in per_position], 2))
            for l in range(n_layers)]


class Engine:
    def __init__(self, model):
        self.model = model
        self.empty = torch.zeros(1, model.blocks[0].heads, 0, model.embed.embedding_dim // model.blocks[0].heads)

    def generate(self, prompt, max_new_tokens=5):
        torch.no_grad()
        self.model.eval()
        n_layers = len(self.model.blocks)
        cached = PREFIX_CACHE.match(prompt[:-1])
        past = join_positions(cached, n_layers, self.empty)
        logits, new = self.model(torch.tensor([prompt[len(cached):]]), past)
        PREFIX_CACHE.insert(prompt, cached + split_positions(new))
        out = []
        for _ in range(max_new_tokens):
            past = [(torch.cat([pk, k], 2), torch.cat([pv, v], 2)) for (pk, pv), (k, v) in zip(past, new)]
            out.append(int(logits.argmax(-1)))
            logits, new = self.model(torch.tensor([[out[-1]]]), past)
        return out, len(cached)
