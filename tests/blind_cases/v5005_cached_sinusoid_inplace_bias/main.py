"""Tiny transformer tagger trained for a few steps per hyper-parameter setting."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from posenc import HybridPositionalEncoding

SWEEP = [
    {"dim": 16, "heads": 2, "lr": 1e-3},
    {"dim": 16, "heads": 4, "lr": 3e-3},
]
DATA = {"vocab": 40, "tags": 5, "seq_len": 10, "batch": 4, "steps": 4}


class Tagger(nn.Module):
    def __init__(self, vocab, tags, dim, heads):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.pos = HybridPositionalEncoding(dim)
        layer = nn.TransformerEncoderLayer(dim, heads, dim_feedforward=2 * dim, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=1)
        self.out = nn.Linear(dim, tags)

    def forward(self, tokens):
        return self.out(self.encoder(self.pos(self.embed(tokens))))


def make_batch(gen):
    tokens = torch.randint(0, DATA["vocab"], (DATA["batch"], DATA["seq_len"]), generator=gen)
    tags = tokens % DATA["tags"]
    return tokens, tags


def run_trial(hp, seed):
    gen = torch.Generator().manual_seed(seed)
    model = Tagger(DATA["vocab"], DATA["tags"], hp["dim"], hp["heads"])
    opt = torch.optim.AdamW(model.parameters(), lr=hp["lr"])
    for _ in range(DATA["steps"]):
        tokens, tags = make_batch(gen)
        logits = model(tokens)
        loss = F.cross_entropy(logits.reshape(-1, DATA["tags"]), tags.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for i, hp in enumerate(SWEEP):
        print(f"trial {i}: {hp} -> {run_trial(hp, seed=i):.4f}")


if __name__ == "__main__":
    main()
