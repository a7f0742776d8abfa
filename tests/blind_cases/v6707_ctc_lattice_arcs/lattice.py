"""Minimal acyclic lattice with forward-backward arc posteriors and Viterbi best path."""
import math

NEG_INF = float("-inf")


def logsumexp(values):
    values = [v for v in values if v != NEG_INF]
    if not values:
        return NEG_INF
    hi = max(values)
    return hi + math.log(sum(math.exp(v - hi) for v in values))


class Node:
    def __init__(self, frame, key):
        self.frame, self.key = frame, key
        self.in_arcs, self.out_arcs = [], []
        self.alpha = self.beta = NEG_INF


class Arc:
    def __init__(self, src, dst, label, score):
        self.src = src  # cycle
        self.dst = dst  # cycle
        self.label, self.score = label, score


class Lattice:
    def __init__(self):
        self.nodes = []
        self.start = self.add_node(0, ((), None))

    def add_node(self, frame, key):
        node = Node(frame, key)
        self.nodes.append(node)
        return node

    def add_arc(self, src, dst, label, score):
        arc = Arc(src, dst, label, score)
        src.out_arcs.append(arc)  # cycle
        dst.in_arcs.append(arc)  # cycle
        return arc

    def forward_backward(self):
        self.start.alpha = 0.0
        for node in self.nodes[1:]:
            node.alpha = logsumexp([a.src.alpha + a.score for a in node.in_arcs])
        self.final.beta = 0.0
        for node in reversed(self.nodes[:-1]):
            node.beta = logsumexp([a.score + a.dst.beta for a in node.out_arcs])
        total = self.final.alpha
        for node in self.nodes:
            for arc in node.out_arcs:
                arc.posterior = math.exp(arc.src.alpha + arc.score + arc.dst.beta - total)
        return total

    def best_path(self):
        node, labels, confidence = self.final, [], 1.0
        while node.in_arcs:
            arc = max(node.in_arcs, key=lambda a: a.src.alpha + a.score)
            confidence = min(confidence, arc.posterior)
            if arc.label is not None:
                labels.append(arc.label)
            node = arc.src
        return labels[::-1], confidence
