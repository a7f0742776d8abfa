"""Fine-tunes a tiny causal LM; after every epoch a few greedy samples are decoded and the
report lists the top-3 alternatives with their probabilities at every position."""
import collections
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"vocab": 50, "dim": 32, "seq": 12, "batch": 8, "epochs": 3, "steps": 4,
          "sample_len": 5, "alternatives": 3, "lr": 3e-3}
SAMPLE_PROMPTS = [[7, 1, 3], [11, 12], [5]]
SAMPLE_LOG = collections.deque(maxlen=50)


class TinyCausalLM(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.q = nn.Linear(dim, dim)
        self.kv = nn.Linear(dim, 2 * dim)
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 2 * dim), nn.ReLU(),
                                nn.Linear(2 * dim, dim))
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids):
        x = self.embed(ids)
        t = x.size(1)
        k, v = self.kv(x).chunk(2, dim=-1)
        att = self.q(x) @ k.transpose(1, 2) / math.sqrt(x.size(-1))
        att = att.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        x = x + att.softmax(-1) @ v
        return self.head(x + self.ff(x))


def decode_with_alternatives(model, prompt, steps, k):
    ids = torch.tensor([prompt])
    rows = []
    for _ in range(steps):
        logprobs = model(ids)[0, -1].log_softmax(-1)
        alts = logprobs.topk(k)
        rows.append(list(zip(alts.indices.tolist(), alts.values.exp().tolist())))
        ids = torch.cat([ids, alts.indices[:1].view(1, 1)], dim=1)
    return ids[0, len(prompt):].tolist(), rows


def record_samples(epoch, model, cfg):
    model.eval()
    for prompt in SAMPLE_PROMPTS:
        tokens, rows = decode_with_alternatives(model, prompt, cfg["sample_len"], cfg["alternatives"])
        SAMPLE_LOG.append({"epoch": epoch, "prompt": prompt, "tokens": tokens, "alternatives": rows})
    model.train()


def sample_report():
    for entry in SAMPLE_LOG:
        first = ", ".join(f"{tok}:{p:.2f}" for tok, p in entry["alternatives"][0])
        print(f"epoch {entry['epoch']} {entry['prompt']} -> {entry['tokens']} first=[{first}]")


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = TinyCausalLM(cfg["vocab"], cfg["dim"])
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
