"""Hidden-size search over GRU taggers derived from a base configuration."""
import dataclasses
import functools
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(frozen=True)
class TaggerConfig:
    vocab: int = 40
    emb: int = 8
    hidden: int = 16
    tags: int = 5
    bidirectional: bool = True


class GRUTagger(nn.Module):
    def __init__(self, vocab, emb, hidden, tags, bidirectional):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb)
        self.rnn = nn.GRU(emb, hidden, batch_first=True, bidirectional=bidirectional)
        self.out = nn.Linear(hidden * (2 if bidirectional else 1), tags)

    @classmethod
    def from_config(cls, cfg: TaggerConfig):
        model = cls(cfg.vocab, cfg.emb, cfg.hidden, cfg.tags, cfg.bidirectional)
        model.config = cfg
        model.derive = functools.partial(cls.derived, cfg)
        model.rebuild = cls.from_config
        return model

    @classmethod
    def derived(cls, base_cfg, **changes):
        return cls.from_config(dataclasses.replace(base_cfg, **changes))

    def forward(self, tokens):
        h, _ = self.rnn(self.emb(tokens))
        return self.out(h)


def train(model, steps=3):
    cfg = model.config
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(steps):
        tokens = torch.randint(0, cfg.vocab, (6, 10))
        tags = torch.randint(0, cfg.tags, (6, 10))
        logits = model(tokens)
        loss = F.cross_entropy(logits.reshape(-1, cfg.tags), tags.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    base = GRUTagger.from_config(TaggerConfig())
    scores = {base.config.hidden: train(base)}
    for hidden in (8, 24):
        scores[hidden] = train(base.derive(hidden=hidden))
    fresh = base.rebuild(base.config)
    scores["fresh"] = train(fresh)
    print({k: round(v, 3) for k, v in scores.items()})


if __name__ == "__main__":
    main()
