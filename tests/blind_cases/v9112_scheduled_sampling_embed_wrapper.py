"""Seq2seq with scheduled sampling injected into the decoder's embedding lookup."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, PAD, BOS = 20, 0, 1
CONFIG = {"dim": 32, "len": 6, "batch": 12, "epochs": 4, "steps": 5, "k": 2.0, "runs": 2}


class Decoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, dim, padding_idx=PAD)
        self.cell = nn.GRUCell(dim, dim)
        self.out = nn.Linear(dim, VOCAB)

    def forward(self, tok, h):
        h = self.cell(self.embed(tok), h)
        return self.out(h), h


class SamplingState:
    def __init__(self):
        self.sample_prob = 0.0
        self.prev_pred = None


class ScheduledEmbedding(nn.Module):
    """Wraps the decoder's embedding and swaps gold tokens for the previous predictions."""

    def __init__(self, embed, state):
        super().__init__()
        self.embed = embed
        self.state = state

    def forward(self, tok):
        s = self.state
        if self.training and s.prev_pred is not None and s.sample_prob > 0:
            coin = torch.rand(tok.shape) < s.sample_prob
            tok = torch.where(coin & tok.ne(PAD), s.prev_pred, tok)
        return self.embed(tok)


class ScheduledSamplingSeq2Seq(nn.Module):
    """Bengio et al. (2015): feed back the model's own prediction with probability p."""

    def __init__(self, dim):
        super().__init__()
        self.src_embed = nn.Embedding(VOCAB, dim, padding_idx=PAD)
        self.encoder = nn.GRU(dim, dim, batch_first=True)
        self.decoder = Decoder(dim)
        self.sampling = SamplingState()
        # the decoder stays unaware of scheduled sampling: swap tokens at lookup time
        self.decoder.embed = ScheduledEmbedding(self.decoder.embed, self.sampling)

    def forward(self, src, tgt_in):
        h = self.encoder(self.src_embed(src))[1][0]
        logits = []
        self.sampling.prev_pred = None
        for t in range(tgt_in.size(1)):
            step_logits, h = self.decoder(tgt_in[:, t], h)
            self.sampling.prev_pred = step_logits.argmax(-1)
            logits.append(step_logits)
        self.sampling.prev_pred = None
        return torch.stack(logits, 1)


def teacher_forcing_prob(epoch, k):
    return k / (k + math.exp(epoch / k))


def sorting_batch(n, length):
    src = torch.randint(2, VOCAB, (n, length))
    tgt = src.sort(dim=1).values
    return src, torch.cat([torch.full((n, 1), BOS), tgt[:, :-1]], 1), tgt


def train_run(seed, cfg):
    torch.manual_seed(seed)
    model = ScheduledSamplingSeq2Seq(cfg["dim"])
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for epoch in range(cfg["epochs"]):
        model.sampling.sample_prob = 1.0 - teacher_forcing_prob(epoch, cfg["k"])
        model.train()
        for _ in range(cfg["steps"]):
            src, tgt_in, tgt = sorting_batch(cfg["batch"], cfg["len"])
            loss = F.cross_entropy(model(src, tgt_in).transpose(1, 2), tgt)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"seed {seed} epoch {epoch}: p={model.sampling.sample_prob:.2f} loss {loss.item():.3f}")
    return loss.item()


def main():
    finals = [train_run(seed, CONFIG) for seed in range(CONFIG["runs"])]
    print(f"mean final loss {sum(finals) / len(finals):.3f}")


if __name__ == "__main__":
    main()
