"""Sentence/corpus BLEU over detokenized hypotheses that remember where they came from."""
import math
from collections import Counter


class Hypothesis(str):
    """A detokenized output string that also carries its decoding metadata."""

    def __new__(cls, text, scorer, src_id, logprob):
        obj = super().__new__(cls, text)
        obj.scorer = scorer  # cycle
        obj.src_id = src_id
        obj.logprob = logprob
        return obj

    def sentence_bleu(self):
        return self.scorer.score([self], [self.scorer.references[self.src_id]])


def _ngrams(tokens, n):
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


class BleuScorer:
    def __init__(self, references, max_order=4):
        self.references = references
        self.max_order = max_order
        self.hypotheses = []  # cycle

    def add(self, text, src_id, logprob):
        hyp = Hypothesis(text, self, src_id, logprob)
        self.hypotheses.append(hyp)  # cycle
        return hyp

    def score(self, hyps, refs):
        match, total, hyp_len, ref_len = [0] * self.max_order, [0] * self.max_order, 0, 0
        for h, r in zip(hyps, refs):
            h, r = h.split(), r.split()
            hyp_len, ref_len = hyp_len + len(h), ref_len + len(r)
            for n in range(1, self.max_order + 1):
                rc = _ngrams(r, n)
                match[n - 1] += sum(min(c, rc[g]) for g, c in _ngrams(h, n).items())
                total[n - 1] += max(len(h) - n + 1, 0)
        logp = sum(math.log((m + 1) / (t + 1)) for m, t in zip(match, total)) / self.max_order
        bp = 1.0 if hyp_len > ref_len else math.exp(1 - ref_len / max(hyp_len, 1))
        return 100 * bp * math.exp(logp)

    def corpus_bleu(self):
        return self.score(self.hypotheses, [self.references[h.src_id] for h in self.hypotheses])

    def worst(self, k=2):
        return sorted(self.hypotheses, key=lambda h: h.sentence_bleu())[:k]
