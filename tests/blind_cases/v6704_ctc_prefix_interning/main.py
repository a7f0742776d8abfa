"""Tiny CTC acoustic model; validation CER uses prefix beam search with a character LM."""
import torch
import torch.nn as nn

from lm import CharLM
from prefix_search import prefix_beam_search

VOCAB, FEAT = 8, 16


class AcousticModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(FEAT, 32, batch_first=True, bidirectional=True)
        self.proj = nn.Linear(64, VOCAB)

    def forward(self, feats):
        out, _ = self.rnn(feats)
        return self.proj(out).log_softmax(-1)


def edit_distance(a, b):
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]


def make_batch(n=4, frames=24, label_len=5):
    feats = torch.randn(n, frames, FEAT)
    labels = torch.randint(1, VOCAB, (n, label_len))
    return feats, labels


def main():
    model, lm = AcousticModel(), CharLM(VOCAB).eval()
    ctc = nn.CTCLoss(blank=0, zero_infinity=True)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for epoch in range(2):
        model.train()
        for step in range(3):
            feats, labels = make_batch()
            log_probs = model(feats).transpose(0, 1)
            lengths = torch.full((feats.shape[0],), feats.shape[1], dtype=torch.long)
            loss = ctc(log_probs, labels, lengths, torch.full_like(lengths, labels.shape[1]))
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        errors = total = 0
        with torch.no_grad():
            feats, labels = make_batch(n=2)
            for utt_lp, ref in zip(model(feats), labels.tolist()):
                hyp = prefix_beam_search(utt_lp, lm)
                errors += edit_distance(hyp, ref)
                total += len(ref)
        print(f"epoch {epoch} loss {loss.item():.3f} CER {errors / total:.2f}")


if __name__ == "__main__":
    main()
