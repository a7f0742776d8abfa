"""Greedy speculative decoding; the target KV cache hands out restore points for rejected drafts."""
import torch
import torch.nn as nn

CFG = {"vocab": 40, "dim": 32, "heads": 4, "layers": 2, "num_draft": 3, "max_new_tokens": 10}


class RollbackKVCache:
    def __init__(self, n_layers):
        self.keys = [None] * n_layers
        self.values = [None] * n_layers

    def __len__(self):
        return 0 if self.keys[0] is None else self.keys[0].shape[2]

    def update(self, layer, k, v):
        if self.keys[layer] is not None:
            k = torch.cat([self.keys[layer], k], dim=2)
            v = torch.cat([self.values[layer], v], dim=2)
        self.keys[layer], self.values[layer] = k, v
        return k, v

    def checkpoint(self):
        length = len(self)

        def restore(keep=0):
            for i in range(len(self.keys)):
                self.keys[i] = self.keys[i][:, :, :length + keep]
                self.values[i] = self.values[i][:, :, :length + keep]
        return restore


class CachedLM(nn.Module):
    def __init__(self, vocab, dim, heads, layers):
        super().__init__()
        self.heads = heads
        self.embed = nn.Embedding(vocab, dim)
        self.qkv = nn.ModuleList(nn.Linear(dim, 3 * dim) for _ in range(layers))
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids, cache=None):
        h = self.embed(ids)
        b, t, d = h.shape
        n_past = len(cache) if cache is not None else 0
        mask = torch.arange(n_past + t)[None, :] > torch.arange(n_past, n_past + t)[:, None]
        for layer, qkv in enumerate(self.qkv):
            q, k, v = qkv(h).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
            if cache is not None:
                k, v = cache.update(layer, k, v)
            att = (q @ k.transpose(-1, -2)).masked_fill(mask, float("-inf")).softmax(-1)
            h = h + (att @ v).transpose(1, 2).reshape(b, t, d)
        return self.head(h)


@torch.no_grad()
def speculative_generate(target, draft, prompt, cfg):
    cache = RollbackKVCache(len(target.qkv))
    logits = target(prompt[:, :-1], cache)
    seq = prompt
    while seq.shape[1] - prompt.shape[1] < cfg["max_new_tokens"]:
        proposal = seq
        for _ in range(cfg["num_draft"]):
            nxt = draft(proposal)[:, -1].argmax(-1, keepdim=True)
            proposal = torch.cat([proposal, nxt], dim=1)
        drafted = proposal[:, seq.shape[1]:]
        restore = cache.checkpoint()
        logits = target(torch.cat([seq[:, -1:], drafted], dim=1), cache)
        greedy = logits.argmax(-1)
        n_ok = int((greedy[:, :-1] == drafted).int().cumprod(-1).sum())
        if n_ok < drafted.shape[1]:
            restore(keep=n_ok + 1)
        seq = torch.cat([seq, drafted[:, :n_ok], greedy[:, n_ok:n_ok + 1]], dim=1)
    return seq[0, prompt.shape[1]:].tolist()


def main():
    torch.manual_seed(0)
    target = CachedLM(CFG["vocab"], CFG["dim"], CFG["heads"], CFG["layers"]).eval()
    draft = CachedLM(CFG["vocab"], CFG["dim"] // 2, CFG["heads"], 1).eval()
    for n in (4, 6, 9):
        prompt = torch.randint(0, CFG["vocab"], (1, n))
        print(f"prompt {n}: {speculative_generate(target, draft, prompt, CFG)}")


if __name__ == "__main__":
    main()
