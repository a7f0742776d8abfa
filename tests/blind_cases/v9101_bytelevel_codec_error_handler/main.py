"""Byte-level LM per language, evaluated with corpus BLEU on greedy outputs."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from bleu import CorpusBLEU
from tokenizer import ByteLevelTokenizer

CORPORA = {
    "de": ["über den fluss", "schöne grüße", "die straße ist naß", "fünf äpfel"],
    "fr": ["un café noir", "la fenêtre côté rue", "très élégant", "où est la gare"],
}
CONFIG = {"max_len": 14, "emb": 24, "hidden": 48, "steps": 6, "lr": 3e-3}


class ByteLM(nn.Module):
    def __init__(self, vocab_size, emb, hidden):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, emb, padding_idx=0)
        self.rnn = nn.GRU(emb, hidden, batch_first=True)
        self.out = nn.Linear(hidden, vocab_size)

    def forward(self, ids, h=None):
        y, h = self.rnn(self.embed(ids), h)
        return self.out(y), h

    @torch.no_grad()
    def greedy(self, bos, steps):
        tok, h, out = bos, None, []
        for _ in range(steps):
            logits, h = self(tok, h)
            tok = logits[:, -1:].argmax(-1)
            out.append(tok)
        return torch.cat(out, 1)


def run_language(lang, sentences, cfg):
    tok = ByteLevelTokenizer(lang)
    model = ByteLM(tok.vocab_size, cfg["emb"], cfg["hidden"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    batch = tok.batch_encode(sentences, cfg["max_len"])
    for _ in range(cfg["steps"]):
        logits, _ = model(batch[:, :-1])
        loss = F.cross_entropy(logits.transpose(1, 2), batch[:, 1:], ignore_index=tok.PAD)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    bos = torch.full((len(sentences), 1), tok.BOS, dtype=torch.long)
    generated = model.greedy(bos, cfg["max_len"] - 2)
    hyps = [tok.decode(row) for row in generated]
    refs = [tok.decode(row[1:]) for row in batch]
    bleu = CorpusBLEU()
    bleu.update(hyps, refs)
    return bleu.compute(), tok.partial_sequences


def main():
    for lang, sentences in CORPORA.items():
        score, cut = run_language(lang, sentences, CONFIG)
        print(f"{lang}: BLEU {score:.2f}, {cut} truncated characters")


if __name__ == "__main__":
    main()
