"""CTC beam search that keeps every alignment merged into a prefix (for word timings)."""
import math

import torch
import torch.nn as nn

BLANK = 0


class Hyp:
    __slots__ = ("prefix", "last", "logp", "frames", "group")

    def __init__(self, prefix, last, logp, frames):
        self.prefix, self.last, self.logp, self.frames = prefix, last, logp, frames
        self.group = None


def logsumexp(values):
    m = max(values)
    return m + math.log(sum(math.exp(v - m) for v in values))


class AlignmentBeamSearch:
    def __init__(self, beam=4, per_frame=3):
        self.beam, self.per_frame = beam, per_frame

    def extend(self, hyp, token, lp, t):
        if token == BLANK:
            return Hyp(hyp.prefix, BLANK, hyp.logp + lp, hyp.frames)
        if token == hyp.last:
            return Hyp(hyp.prefix, token, hyp.logp + lp, hyp.frames)
        return Hyp(hyp.prefix + (token,), token, hyp.logp + lp, hyp.frames + (t,))

    def decode(self, log_probs):
        beams = [Hyp((), BLANK, 0.0, ())]
        for t, frame in enumerate(log_probs.tolist()):
            top = sorted(range(len(frame)), key=frame.__getitem__, reverse=True)[: self.per_frame]
            groups = {}
            for hyp in beams:
                for tok in top:
                    new = self.extend(hyp, tok, frame[tok], t)
                    group = groups.setdefault(new.prefix, [])
                    group.append(new)  # cycle
                    new.group = group  # cycle
            scored = [(logsumexp([h.logp for h in g]), max(g, key=lambda h: h.logp)) for g in groups.values()]
            scored.sort(key=lambda item: item[0], reverse=True)
            beams = [best for _score, best in scored[: self.beam]]
        return beams


def main():
    torch.manual_seed(0)
    vocab, feat_dim = 8, 16
    model = nn.GRU(feat_dim, 32, batch_first=True)
    head = nn.Linear(32, vocab)
    opt = torch.optim.Adam(list(model.parameters()) + list(head.parameters()), lr=1e-3)
    ctc = nn.CTCLoss(blank=BLANK, zero_infinity=True)
    search = AlignmentBeamSearch()
    for epoch in range(2):
        feats = torch.randn(4, 30, feat_dim)
        targets = torch.randint(1, vocab, (4, 5))
        out, _ = model(feats)
        logp = head(out).log_softmax(-1)
        loss = ctc(logp.transpose(0, 1), targets, torch.full((4,), 30), torch.full((4,), 5))
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            nbest = search.decode(logp[0].detach())
        alts = len(nbest[0].group)
        print(f"epoch {epoch}: loss {loss.item():.3f}, best {nbest[0].prefix} ({alts} merged alignments)")


if __name__ == "__main__":
    main()
