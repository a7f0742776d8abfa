"""Plain-function fixtures for the tagger export tests (shared with the pytest suite)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

TAGGER_CONFIG = {"vocab": 40, "emb": 12, "hidden": 16, "tags": 5, "seq_len": 10, "batch": 6, "steps": 4}

GOLDEN_INDEX = {
    "tagger_logits.float32": {"shape": [6, 10, 5], "atol": 1e-5},
    "tagger_logits.bfloat16": {"shape": [6, 10, 5], "atol": 1e-2},
}


class GRUTagger(nn.Module):
    def __init__(self, vocab, emb, hidden, tags):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb)
        self.rnn = nn.GRU(emb, hidden, batch_first=True)
        self.proj = nn.Linear(hidden, tags)

    def forward(self, tokens):
        out, _ = self.rnn(self.embed(tokens))
        return self.proj(out)


def tagging_batch(cfg, seed=0):
    gen = torch.Generator().manual_seed(seed)
    tokens = torch.randint(0, cfg["vocab"], (cfg["batch"], cfg["seq_len"]), generator=gen)
    return tokens, tokens % cfg["tags"]


def train_tiny_tagger(cfg, dtype):
    torch.manual_seed(0)
    model = GRUTagger(cfg["vocab"], cfg["emb"], cfg["hidden"], cfg["tags"]).to(dtype)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    tokens, tags = tagging_batch(cfg)
    for _ in range(cfg["steps"]):
        logits = model(tokens)
        loss = F.cross_entropy(logits.reshape(-1, cfg["tags"]), tags.reshape(-1))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return model, optimizer


def load_golden(name, dtype):
    return GOLDEN_INDEX.get(f"{name}.{str(dtype).replace('torch.', '')}")
