"""Minimal acyclic lattice stored as index tables, with forward-backward arc posteriors
and Viterbi best path."""
import math
from typing import NamedTuple, Optional

NEG_INF = float("-inf")


def logsumexp(values):
    values = [v for v in values if v != NEG_INF]
    if not values:
        return NEG_INF
    hi = max(values)
    return hi + math.log(sum(math.exp(v - hi) for v in values))


class Arc(NamedTuple):
    src: int
    dst: int
    label: Optional[int]
    score: float


class Lattice:
    def __init__(self):
        self.keys, self.arcs = [], []
        self.in_arcs, self.out_arcs = [], []
        self.alpha, self.beta, self.posterior = [], [], []
        self.start = self.add_node(((), None))

    def add_node(self, key):
        self.keys.append(key)
        self.in_arcs.append([])
        self.out_arcs.append([])
        self.alpha.append(NEG_INF)
        self.beta.append(NEG_INF)
        return len(self.keys) - 1

    def add_arc(self, src, dst, label, score):
        self.arcs.append(Arc(src, dst, label, score))
        self.out_arcs[src].append(len(self.arcs) - 1)
        self.in_arcs[dst].append(len(self.arcs) - 1)

    def forward_backward(self):
        arcs, n = self.arcs, len(self.keys)
        self.alpha[self.start] = 0.0
        for v in range(1, n):
            self.alpha[v] = logsumexp([self.alpha[arcs[i].src] + arcs[i].score for i in self.in_arcs[v]])
        self.beta[self.final] = 0.0
        for v in reversed(range(n - 1)):
            self.beta[v] = logsumexp([arcs[i].score + self.beta[arcs[i].dst] for i in self.out_arcs[v]])
        total = self.alpha[self.final]
        self.posterior = [math.exp(self.alpha[a.src] + a.score + self.beta[a.dst] - total) for a in arcs]
        return total

    def best_path(self):
        v, labels, confidence = self.final, [], 1.0
        while self.in_arcs[v]:
            i = max(self.in_arcs[v], key=lambda j: self.alpha[self.arcs[j].src] + self.arcs[j].score)
            confidence = min(confidence, self.posterior[i])
            if self.arcs[i].label is not None:
                labels.append(self.arcs[i].label)
            v = self.arcs[i].src
        return labels[::-1], confidence
