"""Per-language tiny language models with input/output embedding tying."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from heads import TiedDecoder
from shared import publish, published

CFG = {"languages": ["de", "fi", "ja"], "vocab": 50, "dim": 16, "seq": 12, "batch": 4, "steps": 3}


class Encoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)

    def forward(self, tokens):
        out, _ = self.rnn(self.embed(tokens))
        return out


def train_language(lang, cfg):
    torch.manual_seed(sum(map(ord, lang)))
    encoder = Encoder(cfg["vocab"], cfg["dim"])
    name = "%s/tok_embed" % lang
    publish(name, encoder.embed)
    decoder = TiedDecoder(name, cfg["vocab"])
    params = list(encoder.parameters()) + list(decoder.parameters())
    opt = torch.optim.Adam(params, lr=1e-2)
    for _ in range(cfg["steps"]):
        tokens = torch.randint(0, cfg["vocab"], (cfg["batch"], cfg["seq"]))
        logits = decoder(encoder(tokens[:, :-1]))
        loss = F.cross_entropy(logits.reshape(-1, cfg["vocab"]), tokens[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for lang in CFG["languages"]:
        print(lang, round(train_language(lang, CFG), 3))
    print("published after training:", published())


if __name__ == "__main__":
    main()
