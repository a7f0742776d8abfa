"""Stop-sequence matching for sampling: Aho-Corasick automaton stored as flat transition tables."""
from collections import deque

import torch
import torch.nn as nn

ALPHABET = "abcdefgh .\n"
STOI = {ch: i + 1 for i, ch in enumerate(ALPHABET)}
VOCAB = len(ALPHABET) + 1


class StopAutomaton:
    """Node ``i`` has ``goto[i]`` (token -> node id), ``fail[i]`` and ``match_len[i]``."""

    def __init__(self, sequences):
        self.goto = [{}]
        self.fail = [0]
        self.match_len = [0]
        for seq in sequences:
            self._insert(seq)
        self._link()

    def _new_node(self):
        self.goto.append({})
        self.fail.append(0)
        self.match_len.append(0)
        return len(self.goto) - 1

    def _insert(self, seq):
        node = 0
        for tok in seq:
            if tok not in self.goto[node]:
                self.goto[node][tok] = self._new_node()
            node = self.goto[node][tok]
        self.match_len[node] = max(self.match_len[node], len(seq))

    def _link(self):
        pending = deque(self.goto[0].values())
        while pending:
            node = pending.popleft()
            for tok, child in self.goto[node].items():
                fallback = self.fail[node]
                while fallback and tok not in self.goto[fallback]:
                    fallback = self.fail[fallback]
                target = self.goto[fallback].get(tok, 0)
                self.fail[child] = target if target != child else 0
                self.match_len[child] = max(self.match_len[child], self.match_len[self.fail[child]])
                pending.append(child)

    def advance(self, node, tok):
        while node and tok not in self.goto[node]:
            node = self.fail[node]
        return self.goto[node].get(tok, 0)


class StopSequenceCriteria:
    def __init__(self, stop_strings, batch_size):
        self.automaton = StopAutomaton([[STOI[ch] for ch in s] for s in stop_strings])
        self.states = [0] * batch_size
        self.done = torch.zeros(batch_size, dtype=torch.bool)

    def __call__(self, new_tokens):
        for row, tok in enumerate(new_tokens.tolist()):
            self.states[row] = self.automaton.advance(self.states[row], tok)
            if self.automaton.match_len[self.states[row]]:
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
        tok = torch.multinomial((logits[:, -1] / temperature).softmax(-1), 1).clamp_min(1)
        generated.append(tok)
        if criteria(tok.squeeze(1)):
            break
        logits, h = model(tok, h)
    return torch.cat(generated, dim=1), criteria.done.clone()


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
