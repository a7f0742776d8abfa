"""Corpus BLEU accumulated over evaluation batches (whitespace tokens, BLEU-4)."""
import math
from collections import Counter


def _ngrams(tokens, n):
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


class CorpusBLEU:
    def __init__(self, max_order=4, smooth=1.0):
        self.max_order, self.smooth = max_order, smooth
        self.matches, self.totals = [0] * max_order, [0] * max_order
        self.hyp_len = self.ref_len = 0

    def update(self, hypotheses, references):
        for hyp, ref in zip(hypotheses, references):
            h, r = hyp.split(), ref.split()
            self.hyp_len += len(h)
            self.ref_len += len(r)
            for n in range(1, self.max_order + 1):
                rc = _ngrams(r, n)
                self.matches[n - 1] += sum(min(c, rc[g]) for g, c in _ngrams(h, n).items())
                self.totals[n - 1] += max(len(h) - n + 1, 0)

    def compute(self):
        logp = sum(math.log((m + self.smooth) / (t + self.smooth)) for m, t in zip(self.matches, self.totals))
        bp = 1.0 if self.hyp_len > self.ref_len else math.exp(1 - self.ref_len / max(self.hyp_len, 1))
        return 100.0 * bp * math.exp(logp / self.max_order)
