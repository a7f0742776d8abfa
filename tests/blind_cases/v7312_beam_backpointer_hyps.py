"""Sequence-reversal seq2seq with a beam searcher whose hypotheses form a back-pointer tree."""
import functools
import heapq
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, BOS, EOS = 10, 0, 1


class Hypothesis:
    def __init__(self, token, parent, state, logp):
        self.token = token
        self.parent = parent
        self.state = state
        self.score = (parent.score if parent is not None else 0.0) + logp
        self.length = parent.length + 1 if parent is not None else 1

    @functools.cached_property
    def tokens(self):
        seq, node = [], self
        while node is not None:
            seq.append(node.token)
            node = node.parent
        return seq[::-1]


class Seq2Seq(nn.Module):
    def __init__(self, dim=24):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, dim)
        self.encoder = nn.GRU(dim, dim, batch_first=True)
        self.decoder = nn.GRUCell(dim, dim)
        self.out = nn.Linear(dim, VOCAB)

    def encode(self, src):
        return self.encoder(self.embed(src))[1][0]

    def loss(self, src, tgt):
        state, total = self.encode(src), 0.0
        for t in range(tgt.size(1) - 1):
            state = self.decoder(self.embed(tgt[:, t]), state)
            total = total + F.cross_entropy(self.out(state), tgt[:, t + 1])
        return total / (tgt.size(1) - 1)


class BeamSearcher:
    def __init__(self, model, beam_size=3, max_len=8):
        self.model, self.beam_size, self.max_len = model, beam_size, max_len
        self.last_nbest = []

    @torch.no_grad()
    def search(self, src):
        order = itertools.count()
        beam = [Hypothesis(BOS, None, self.model.encode(src), 0.0)]
        finished = []
        while beam:
            expansions = []
            for hyp in beam:
                state = self.model.decoder(self.model.embed(torch.tensor([hyp.token])), hyp.state)
                logp = F.log_softmax(self.model.out(state), -1)[0]
                top = torch.topk(logp, self.beam_size)
                for lp, tok in zip(top.values.tolist(), top.indices.tolist()):
                    child = Hypothesis(tok, hyp, state, lp)
                    done = tok == EOS or child.length >= self.max_len
                    heapq.heappush(finished if done else expansions, (-child.score, next(order), child))
            beam = [h for _, _, h in heapq.nsmallest(self.beam_size, expansions)]
            if len(finished) >= self.beam_size:
                break
        self.last_nbest = [h for _, _, h in heapq.nsmallest(self.beam_size, finished)]
        return self.last_nbest[0].tokens


def make_batch(n, length=5):
    body = torch.randint(2, VOCAB, (n, length))
    bos = torch.full((n, 1), BOS)
    eos = torch.full((n, 1), EOS)
    return body, torch.cat([bos, body.flip(1), eos], 1)


def main():
    torch.manual_seed(0)
    model = Seq2Seq()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    searcher = BeamSearcher(model)
    for epoch in range(3):
        for _ in range(10):
            src, tgt = make_batch(16)
            loss = model.loss(src, tgt)
            opt.zero_grad()
            loss.backward()
            opt.step()
        src, tgt = make_batch(1)
        print(f"epoch {epoch}: loss {loss.item():.3f} src {src[0].tolist()} -> {searcher.search(src)}")


if __name__ == "__main__":
    main()
