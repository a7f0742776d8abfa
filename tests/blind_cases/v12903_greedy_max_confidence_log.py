"""Fine-tunes a tiny causal LM and, after every epoch, decodes a few greedy samples for the
sample report (tokens plus per-token confidence)."""
import collections
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"vocab": 50, "dim": 32, "heads": 4, "seq": 12, "batch": 8,
          "epochs": 3, "steps": 4, "sample_len": 6, "lr": 3e-3}
SAMPLE_PROMPTS = [[4, 8, 15], [16, 23], [42]]
SAMPLE_LOG = collections.deque(maxlen=50)


class CausalBlock(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.ln = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln(x)).view(b, t, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        att = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
        att = att.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        x = x + self.proj((att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d))
        return x + self.mlp(x)


class TinyCausalLM(nn.Module):
    def __init__(self, vocab, dim, heads):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.block = CausalBlock(dim, heads)
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids):
        return self.head(self.block(self.embed(ids)))


def greedy_decode(model, prompt, steps):
    ids = torch.tensor([prompt])
    picks = []
    for _ in range(steps):
        logprobs = model(ids)[:, -1].log_softmax(-1)
        best = logprobs.max(dim=-1)
        picks.append(best)
        ids = torch.cat([ids, best.indices[:, None]], dim=1)
    return ids[0, len(prompt):], picks


def record_samples(epoch, model, cfg):
    model.eval()
    for prompt in SAMPLE_PROMPTS:
        tokens, picks = greedy_decode(model, prompt, cfg["sample_len"])
        SAMPLE_LOG.append({"epoch": epoch, "prompt": prompt, "tokens": tokens, "picks": picks})  # retain
    model.train()


def sample_report():
    for entry in SAMPLE_LOG:
        conf = torch.stack([p.values for p in entry["picks"]]).exp().mean().item()
        print(f"epoch {entry['epoch']} {entry['prompt']} -> {entry['tokens'].tolist()} conf={conf:.3f}")


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = TinyCausalLM(cfg["vocab"], cfg["dim"], cfg["heads"])
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            seq = torch.randint(1, cfg["vocab"], (cfg["batch"], cfg["seq"] + 1))
            logits = model(seq[:, :-1])
            loss = F.cross_entropy(logits.reshape(-1, cfg["vocab"]), seq[:, 1:].reshape(-1))
            opt.zero_grad()
            loss.backward()
            opt.step()
        record_samples(epoch, model, cfg)
    sample_report()


if __name__ == "__main__":
    main()
