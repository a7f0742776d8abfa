"""Sequence tagger training with the tensor census profiler around each step."""
import torch
import torch.nn as nn

from memprof import PROFILER


class Tagger(nn.Module):
    def __init__(self, vocab=50, dim=16, tags=5):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, tags)

    def forward(self, tokens):
        h, _ = self.rnn(self.emb(tokens))
        return self.out(h)


@PROFILER.profile("train_step")
def train_step(model, opt, tokens, tags):
    logits = model(tokens)
    loss = nn.functional.cross_entropy(logits.flatten(0, 1), tags.flatten())
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


def main():
    model = Tagger()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(2):
        for _ in range(3):
            tokens = torch.randint(0, 50, (4, 7))
            tags = torch.randint(0, 5, (4, 7))
            train_step(model, opt, tokens, tags)
    peak = PROFILER.peak()
    if peak is not None:
        peak.describe()


if __name__ == "__main__":
    main()
