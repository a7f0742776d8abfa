"""Minimum-risk training of a GRU decoder over beam-search n-best lists."""
import copy

import torch
import torch.nn as nn

CFG = {"vocab": 12, "hidden": 24, "beam": 3, "max_len": 5, "steps": 4, "bos": 0, "eos": 1}


class Hypothesis:
    def __init__(self, tokens, logp, hidden):
        self.tokens = tokens
        self.logp = logp
        self.hidden = hidden
        self.trace = []  # cycle

    @property
    def finished(self):
        return self.tokens[-1] == CFG["eos"]

    def extend(self, token, step_logp, hidden):
        child = copy.copy(self)  # cycle
        child.tokens = self.tokens + [token]
        child.logp = self.logp + step_logp
        child.hidden = hidden
        child.trace.append(self)  # cycle
        return child

    def prefix_scores(self):
        return [round(float(h.logp), 2) for h in self.trace]


class Decoder(nn.Module):
    def __init__(self, vocab, hidden):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.cell = nn.GRUCell(hidden, hidden)
        self.out = nn.Linear(hidden, vocab)

    def step(self, token, hidden):
        hidden = self.cell(self.embed(torch.tensor([token])), hidden)
        return torch.log_softmax(self.out(hidden), -1)[0], hidden


def beam_search(decoder, context):
    beam = [Hypothesis([CFG["bos"]], context.new_zeros(()), context)]
    finished = []
    for _ in range(CFG["max_len"]):
        candidates = []
        for hyp in beam:
            logp, hidden = decoder.step(hyp.tokens[-1], hyp.hidden)
            top = logp.topk(CFG["beam"])
            for lp, tok in zip(top.values, top.indices.tolist()):
                candidates.append(hyp.extend(tok, lp, hidden))
        candidates.sort(key=lambda h: float(h.logp), reverse=True)
        beam = []
        for hyp in candidates[:CFG["beam"]]:
            (finished if hyp.finished else beam).append(hyp)
        if not beam:
            break
    return finished + beam


def risk(tokens, reference):
    hits = sum(a == b for a, b in zip(tokens[1:], reference))
    return 1.0 - hits / max(len(reference), len(tokens) - 1)


def main():
    torch.manual_seed(0)
    encoder = nn.Linear(8, CFG["hidden"])
    decoder = Decoder(CFG["vocab"], CFG["hidden"])
    params = list(encoder.parameters()) + list(decoder.parameters())
    opt = torch.optim.Adam(params, lr=5e-3)
    for step in range(CFG["steps"]):
        src = torch.randn(1, 8)
        reference = torch.randint(2, CFG["vocab"], (4,)).tolist()
        nbest = beam_search(decoder, torch.tanh(encoder(src)))
        scores = torch.stack([h.logp for h in nbest])
        costs = torch.tensor([risk(h.tokens, reference) for h in nbest])
        loss = (torch.softmax(scores, 0) * costs).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        best = max(nbest, key=lambda h: float(h.logp))
        print(f"step {step}: risk {loss.item():.3f}, best prefixes {best.prefix_scores()[-3:]}")


if __name__ == "__main__":
    main()
