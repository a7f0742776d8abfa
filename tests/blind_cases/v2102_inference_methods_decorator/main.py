"""Tiny character-level language model: hyper-parameter sweep with greedy samples per epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from inference import inference_methods

VOCAB = "abcdefgh "
STOI = {c: i for i, c in enumerate(VOCAB)}


@inference_methods("generate", "perplexity")
class CharLM(nn.Module):
    def __init__(self, vocab_size, hidden):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, hidden)
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.out = nn.Linear(hidden, vocab_size)

    def forward(self, tokens, state=None):
        h, state = self.rnn(self.embed(tokens), state)
        return self.out(h), state

    def generate(self, prefix, steps):
        tokens = torch.tensor([[STOI[c] for c in prefix]])
        logits, state = self(tokens)
        out = list(prefix)
        for _ in range(steps):
            nxt = logits[:, -1].argmax(-1, keepdim=True)
            out.append(VOCAB[int(nxt)])
            logits, state = self(nxt, state)
        return "".join(out)

    def perplexity(self, tokens):
        logits, _ = self(tokens[:, :-1])
        return float(F.cross_entropy(logits.reshape(-1, logits.size(-1)), tokens[:, 1:].reshape(-1)).exp())


def make_batches(n, length, batch_size):
    data = torch.randint(0, len(VOCAB), (n, length))
    return list(data.split(batch_size))


def run(hidden, lr, epochs=2):
    model = CharLM(len(VOCAB), hidden)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    batches = make_batches(24, 12, 8)
    samples = []
    for epoch in range(epochs):
        for tokens in batches:
            logits, _ = model(tokens[:, :-1])
            loss = F.cross_entropy(logits.reshape(-1, len(VOCAB)), tokens[:, 1:].reshape(-1))
            opt.zero_grad()
            loss.backward()
            opt.step()
        samples.append(model.generate("abc", steps=5))
    return model.perplexity(batches[0]), samples


def main():
    torch.manual_seed(0)
    sweep = {}
    for hidden in (8, 16):
        for lr in (1e-2, 3e-3):
            sweep[(hidden, lr)] = run(hidden, lr)
    return sweep


if __name__ == "__main__":
    main()
