"""Toy word-level translation with teacher forcing; BLEU on the dev pairs after every epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from decode import evaluate
from metrics import BleuScorer

PAIRS = [("der hund schläft", "the dog sleeps"), ("die katze trinkt milch", "the cat drinks milk"),
         ("der mann liest ein buch", "the man reads a book"), ("die frau trinkt tee", "the woman drinks tea")]


class Vocab:
    PAD, BOS, EOS = 0, 1, 2

    def __init__(self, sentences):
        self.itos = ["<pad>", "<bos>", "<eos>"] + sorted({w for s in sentences for w in s.split()})
        self.stoi = {w: i for i, w in enumerate(self.itos)}

    def encode(self, sentence, max_len):
        ids = [self.stoi[w] for w in sentence.split()][: max_len - 1] + [self.EOS]
        return ids + [self.PAD] * (max_len - len(ids))


class Seq2Seq(nn.Module):
    def __init__(self, n, dim=32):
        super().__init__()
        self.embed = nn.Embedding(n, dim, padding_idx=0)
        self.enc = nn.GRU(dim, dim, batch_first=True)
        self.dec = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, n)

    def encode(self, src):
        return self.enc(self.embed(src))[1]

    def decode_step(self, tok, h):
        y, h = self.dec(self.embed(tok), h)
        return self.out(y[:, -1]), h

    def forward(self, src, tgt_in):
        return self.out(self.dec(self.embed(tgt_in), self.encode(src))[0])


def main():
    torch.manual_seed(0)
    vocab = Vocab([s for p in PAIRS for s in p])
    model = Seq2Seq(len(vocab.itos))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    src = torch.tensor([vocab.encode(s, 8) for s, _ in PAIRS])
    tgt = torch.tensor([vocab.encode(t, 8) for _, t in PAIRS])
    tgt_in = torch.cat([torch.full((len(PAIRS), 1), vocab.BOS), tgt[:, :-1]], 1)
    for epoch in range(4):
        model.train()
        for _ in range(10):
            loss = F.cross_entropy(model(src, tgt_in).transpose(1, 2), tgt, ignore_index=vocab.PAD)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        scorer = BleuScorer([t for _, t in PAIRS])
        bleu, worst = evaluate(model, PAIRS, vocab, scorer), scorer.worst(1)[0]
        print(f"epoch {epoch}: loss {loss.item():.3f} BLEU {bleu:.1f} worst={worst!r} ({worst.logprob:.2f})")


if __name__ == "__main__":
    main()
