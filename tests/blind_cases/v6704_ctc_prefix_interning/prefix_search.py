"""CTC prefix beam search with LM shallow fusion."""
import math
from collections import defaultdict

NEG_INF = float("-inf")


def logaddexp(a, b):
    if a == NEG_INF or b == NEG_INF:
        return max(a, b)
    hi, lo = max(a, b), min(a, b)
    return hi + math.log1p(math.exp(lo - hi))


class Prefix:
    """A labelling prefix.  Prefixes are interned, so beams that reach the same labelling
    share a single node and the LM is run once per distinct prefix."""

    _interned = {}

    def __init__(self, tokens, lm_state, lm_logprobs):
        self.tokens = tokens
        self.lm_state = lm_state
        self.lm_logprobs = lm_logprobs.tolist()

    @classmethod
    def root(cls, lm):
        if () not in cls._interned:
            state, logprobs = lm.initial()
            cls._interned[()] = cls((), state, logprobs)  # retain
        return cls._interned[()]

    def extend(self, token, lm):
        key = self.tokens + (token,)
        node = Prefix._interned.get(key)
        if node is None:
            state, logprobs = lm.step(self.lm_state, token)
            node = Prefix(key, state, logprobs)
            Prefix._interned[key] = node  # retain
        return node


def prefix_beam_search(log_probs, lm, beam=4, lm_weight=0.3, blank=0, token_beam=3):
    beams = {Prefix.root(lm): (0.0, NEG_INF)}
    for t in range(log_probs.shape[0]):
        frame = log_probs[t].tolist()
        candidates = sorted(range(len(frame)), key=frame.__getitem__, reverse=True)[:token_beam]
        nxt = defaultdict(lambda: [NEG_INF, NEG_INF])
        for prefix, (p_b, p_nb) in beams.items():
            total = logaddexp(p_b, p_nb)
            for s in candidates:
                lp = frame[s]
                if s == blank:
                    nxt[prefix][0] = logaddexp(nxt[prefix][0], total + lp)
                    continue
                ext = prefix.extend(s, lm)
                fused = lp + lm_weight * prefix.lm_logprobs[s]
                if prefix.tokens and prefix.tokens[-1] == s:
                    nxt[ext][1] = logaddexp(nxt[ext][1], p_b + fused)
                    nxt[prefix][1] = logaddexp(nxt[prefix][1], p_nb + lp)
                else:
                    nxt[ext][1] = logaddexp(nxt[ext][1], total + fused)
        ranked = sorted(nxt.items(), key=lambda kv: logaddexp(*kv[1]), reverse=True)
        beams = {p: tuple(scores) for p, scores in ranked[:beam]}
    best = max(beams.items(), key=lambda kv: logaddexp(*kv[1]))[0]
    return list(best.tokens)
