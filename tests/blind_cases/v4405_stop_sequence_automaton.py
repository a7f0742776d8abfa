"""Stop-sequence matching for sampling: an Aho-Corasick automaton over token ids."""
from collections import deque

import torch
import torch.nn as nn

ALPHABET = "abcdefgh .\n"
STOI = {ch: i + 1 for i, ch in enumerate(ALPHABET)}
VOCAB = len(ALPHABET) + 1


class _MatchNode:
    __slots__ = ("children", "fail", "match_len")

    def __init__(self):
        self.children = {}  # cycle
        self.fail = None
        self.match_len = 0


def build_automaton(sequences):
    root = _MatchNode()
    for seq in sequences:
        node = root
        for tok in seq:
            nxt = node.children.get(tok)
            if nxt is None:
                nxt = node.children[tok] = _MatchNode()  # cycle
            node = nxt
        node.match_len = max(node.match_len, len(seq))
    pending = deque()
    for child in root.children.values():
        child.fail = root  # cycle
        pending.append(child)
    while pending:
        node = pending.popleft()
        for tok, child in node.children.items():
            fallback = node.fail
            while fallback is not root and tok not in fallback.children:
                fallback = fallback.fail
            child.fail = fallback.children.get(tok, root)  # cycle
            child.match_len = max(child.match_len, child.fail.match_len)
            pending.append(child)
    return root


class StopSequenceCriteria:
    """True for a row once any stop sequence has appeared in its generated suffix."""

    def __init__(self, stop_strings, batch_size):
        self.root = build_automaton([[STOI[ch] for ch in s] for s in stop_strings])
        self.states = [self.root] * batch_size
        self.done = torch.zeros(batch_size, dtype=torch.bool)

    def _advance(self, node, tok):
        while node is not self.root and tok not in node.children:
            node = node.fail
        return node.children.get(tok, self.root)

    def __call__(self, new_tokens):
        for row, tok in enumerate(new_tokens.tolist()):
            self.states[row] = self._advance(self.states[row], tok)
            if self.states[row].match_len:
                self.done[row] = True
        return bool(self.done.all())


class CharGRU(nn.Module):
    def __init__(self, dim=24):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.head = nn.Linear(dim, VOCAB)

    def forward(self, ids, h=None):
        out, h = self.rnn(self.embed(ids), h)
        return self.head(out), h


@torch.no_grad()
def sample(model, prompts, stop_strings, max_new_tokens=16, temperature=0.8):
    ids = torch.tensor([[STOI[ch] for ch in p] for p in prompts])
    criteria = StopSequenceCriteria(stop_strings, batch_size=len(prompts))
    logits, h = model(ids)
    generated = []
    for _ in range(max_new_tokens):
        tok = torch.multinomial((logits[:, -1] / temperature).softmax(-1), 1)
        tok = tok.clamp_min(1)
        generated.append(tok)
        if criteria(tok.squeeze(1)):
            break
        logits, h = model(tok, h)
    return torch.cat(generated, dim=1), criteria.done


def main():
    torch.manual_seed(0)
    text = "abc abd. bag bad.\nface cafe. ace bed.\n" * 3
    data = torch.tensor([STOI[ch] for ch in text])
    model = CharGRU()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(3):
        model.train()
        for start in range(0, len(data) - 17, 16):
            chunk = data[start:start + 17].unsqueeze(0)
            logits, _ = model(chunk[:, :-1])
            loss = nn.functional.cross_entropy(logits.reshape(-1, VOCAB), chunk[:, 1:].reshape(-1))
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        out, done = sample(model, ["ab", "fa", "be"], stop_strings=[". ", ".\n", "bad"])
        assert out.size(0) == 3 and done.dtype == torch.bool


if __name__ == "__main__":
    main()
