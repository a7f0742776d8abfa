"""Structured-output endpoint: every request carries a response pattern, and sampling is
restricted to vocabulary pieces that keep the text inside that pattern."""
import torch
import torch.nn as nn

from fsm import compile_pattern

PIECES = ["</s>"] + list("0123456789abcdefghijklmnopqrstuvwxyz-@.:") + ["12", "20", "ab", "co", "om", "re", "-0"]
EOS = 0
REQUESTS = [
    {"prompt": "date?", "pattern": "20[0-9][0-9]-[0-1][0-9]-[0-3][0-9]", "max_new": 12},
    {"prompt": "mail?", "pattern": "[a-z]+@[a-z]+.com", "max_new": 14},
    {"prompt": "count?", "pattern": "[1-9][0-9]*", "max_new": 5},
    {"prompt": "ratio?", "pattern": "[0-9]+:[0-9]+", "max_new": 8},
]


class PieceLM(nn.Module):
    def __init__(self, vocab, dim=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mix = nn.GRU(dim, dim, batch_first=True)
        self.head = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, vocab))

    def forward(self, ids):
        out, _ = self.mix(self.embed(ids))
        return self.head(out[:, -1])


class ConstrainedGenerator:
    def __init__(self, model, pieces):
        self.model = model
        self.pieces = pieces
        self.index = {p: i for i, p in enumerate(pieces)}

    def encode(self, text):
        return [self.index[ch] for ch in text if ch in self.index]

    @torch.no_grad()
    def generate(self, prompt, pattern, max_new, temperature=0.8):
        state = compile_pattern(pattern)
        ids = self.encode(prompt)
        out = []
        for _ in range(max_new):
            logits = self.model(torch.tensor([ids]))[0]
            mask = state.token_mask(self.pieces, EOS)
            if not mask.any():
                break
            logits = logits.masked_fill(~mask, float("-inf"))
            nxt = int(torch.multinomial((logits / temperature).softmax(-1), 1))
            if nxt == EOS:
                break
            state = state.walk(self.pieces[nxt])
            ids.append(nxt)
            out.append(self.pieces[nxt])
        return "".join(out)


def main():
    torch.manual_seed(0)
    generator = ConstrainedGenerator(PieceLM(len(PIECES)).eval(), PIECES)
    for req in REQUESTS:
        text = generator.generate(req["prompt"], req["pattern"], req["max_new"])
        print(f"{req['pattern']:<36} -> {text!r}")


if __name__ == "__main__":
    main()
