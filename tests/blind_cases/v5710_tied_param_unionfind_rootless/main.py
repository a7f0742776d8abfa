"""Seq2seq toy with tied encoder/decoder embeddings and a tied output layer.

Tied groups are found once per run so each shared tensor is clipped and
weight-decayed only once.
"""
import torch
import torch.nn as nn

from tying import find_tied_parameters

CONFIG = {"vocab": 40, "dim": 16, "src_len": 10, "tgt_len": 8, "batch": 6, "steps": 3, "runs": 3}


class TiedSeq2Seq(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.src_embed = nn.Embedding(vocab, dim)
        self.tgt_embed = nn.Embedding(vocab, dim)
        self.tgt_embed.weight = self.src_embed.weight
        self.encoder = nn.GRU(dim, dim, batch_first=True)
        self.decoder = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, vocab)
        self.out.weight = self.src_embed.weight

    def forward(self, src, tgt_in):
        _, h = self.encoder(self.src_embed(src))
        dec, _ = self.decoder(self.tgt_embed(tgt_in), h)
        return self.out(dec)


def unique_parameters(model, tied_groups):
    skip = {name for group in tied_groups for name in group[1:]}
    params = dict(model.named_parameters())
    return [p for name, p in params.items() if name not in skip]


def train_run(cfg, seed):
    torch.manual_seed(seed)
    model = TiedSeq2Seq(cfg["vocab"], cfg["dim"])
    tied = find_tied_parameters(model)
    params = unique_parameters(model, tied)
    opt = torch.optim.Adam(params, lr=1e-3)
    last = None
    for _ in range(cfg["steps"]):
        src = torch.randint(0, cfg["vocab"], (cfg["batch"], cfg["src_len"]))
        tgt = torch.randint(0, cfg["vocab"], (cfg["batch"], cfg["tgt_len"] + 1))
        logits = model(src, tgt[:, :-1])
        loss = nn.functional.cross_entropy(logits.flatten(0, 1), tgt[:, 1:].flatten())
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        last = loss.item()
    return tied, last


def main():
    for seed in range(CONFIG["runs"]):
        tied, loss = train_run(CONFIG, seed)
        print(f"run {seed}: {len(tied)} tied group(s), loss {loss:.3f}")


if __name__ == "__main__":
    main()
