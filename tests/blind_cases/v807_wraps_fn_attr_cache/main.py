"""Sequence tagger with instrumented encoder / decoder stages."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from instrument import instrumented, timing_table


class ConvEncoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.conv = nn.Conv1d(dim, dim, 3, padding=1)

    @instrumented
    def forward(self, tokens):
        h = self.embed(tokens).transpose(1, 2)
        return F.relu(self.conv(h)).transpose(1, 2)


class TagDecoder(nn.Module):
    def __init__(self, dim, n_tags):
        super().__init__()
        self.proj = nn.Linear(dim, n_tags)

    @instrumented
    def forward(self, h):
        return self.proj(h)


class Tagger(nn.Module):
    def __init__(self, vocab=30, dim=16, n_tags=5):
        super().__init__()
        self.encoder = ConvEncoder(vocab, dim)
        self.decoder = TagDecoder(dim, n_tags)

    def forward(self, tokens):
        return self.decoder(self.encoder(tokens))


def train_tagger(steps=4):
    model = Tagger()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(steps):
        tokens = torch.randint(0, 30, (4, 12))
        tags = tokens % 5
        logits = model(tokens)
        loss = F.cross_entropy(logits.reshape(-1, 5), tags.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    print("loss %.3f" % train_tagger())
    print(timing_table(ConvEncoder.forward, TagDecoder.forward))


if __name__ == "__main__":
    main()
