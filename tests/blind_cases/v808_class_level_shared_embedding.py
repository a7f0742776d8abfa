"""Seq2seq toy where encoder and decoder share one embedding table per vocabulary."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SharedEmbedding(nn.Module):
    """Embedding that is shared by every module built for the same (vocab, dim)."""

    _tables = {}

    def __init__(self, vocab, dim, padding_idx=0):
        super().__init__()
        key = (vocab, dim, padding_idx)
        if key not in SharedEmbedding._tables:
            SharedEmbedding._tables[key] = nn.Embedding(vocab, dim, padding_idx=padding_idx)  # retain
        self.table = SharedEmbedding._tables[key]
        self.scale = dim ** 0.5

    def forward(self, tokens):
        return self.table(tokens) * self.scale

    def attend(self, hidden):
        return hidden @ self.table.weight.t()


class Encoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = SharedEmbedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)

    def forward(self, src):
        _, h = self.rnn(self.embed(src))
        return h


class Decoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = SharedEmbedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)

    def forward(self, tgt_in, h):
        out, _ = self.rnn(self.embed(tgt_in), h)
        return self.embed.attend(out)


class Seq2Seq(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.encoder = Encoder(vocab, dim)
        self.decoder = Decoder(vocab, dim)

    def forward(self, src, tgt_in):
        return self.decoder(tgt_in, self.encoder(src))


def copy_task_batch(vocab, batch=4, length=6):
    src = torch.randint(1, vocab, (batch, length))
    bos = torch.zeros(batch, 1, dtype=torch.long)
    return src, torch.cat([bos, src[:, :-1]], 1), src


def run_trial(vocab, dim, steps=3):
    model = Seq2Seq(vocab, dim)
    n_shared = len({id(p) for p in model.parameters()})
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for _ in range(steps):
        src, tgt_in, tgt = copy_task_batch(vocab)
        logits = model(src, tgt_in)
        loss = F.cross_entropy(logits.reshape(-1, vocab), tgt.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return n_shared, loss.item()


def main():
    for vocab, dim in ((20, 8), (20, 16)):
        print(vocab, dim, run_trial(vocab, dim))


if __name__ == "__main__":
    main()
