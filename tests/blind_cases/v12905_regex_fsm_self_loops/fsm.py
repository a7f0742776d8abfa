"""Regex-constrained decoding. A small pattern language (literals, [a-z0-9] classes and the
+ * ? quantifiers) is compiled into a character automaton; each state caches the mask of
vocabulary pieces that can be consumed from it."""
import torch


class State:
    def __init__(self):
        self.edges = {}  # cycle
        self.accepting = False
        self._mask = None

    def walk(self, text):
        state = self
        for ch in text:
            state = state.edges.get(ch)
            if state is None:
                return None
        return state

    def token_mask(self, pieces, eos_id):
        if self._mask is None:
            allowed = [bool(p) and self.walk(p) is not None for p in pieces]
            allowed[eos_id] = self.accepting
            self._mask = torch.tensor(allowed)
        return self._mask


def _charset(body):
    chars, k = set(), 0
    while k < len(body):
        if k + 2 < len(body) and body[k + 1] == "-":
            chars.update(chr(c) for c in range(ord(body[k]), ord(body[k + 2]) + 1))
            k += 3
        else:
            chars.add(body[k])
            k += 1
    return frozenset(chars)


def parse(pattern):
    units, i = [], 0
    while i < len(pattern):
        if pattern[i] == "[":
            end = pattern.index("]", i)
            chars, i = _charset(pattern[i + 1:end]), end + 1
        else:
            chars, i = frozenset(pattern[i]), i + 1
        quant = ""
        if i < len(pattern) and pattern[i] in "+*?":
            quant, i = pattern[i], i + 1
        units.append((chars, quant))
    return units


def compile_pattern(pattern):
    start = State()
    frontier = [start]
    for chars, quant in parse(pattern):
        target = State()
        for state in frontier:
            for ch in chars:
                state.edges.setdefault(ch, target)
        if quant in ("+", "*"):
            for ch in chars:
                target.edges[ch] = target  # cycle
        frontier = frontier + [target] if quant in ("*", "?") else [target]
    for state in frontier:
        state.accepting = True
    return start
