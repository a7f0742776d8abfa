"""Trains a small seq2seq on sequence reversal, then decodes validation inputs with beam search."""
import functools

import torch

from search import BeamSearch
from seq2seq import Seq2Seq

BOS, EOS, VOCAB = 1, 2, 14
TRAIN = {"epochs": 2, "steps": 3, "lr": 5e-3, "warmup": 3, "smoothing": 0.1}


def warmup_then_constant(step, warmup):
    return min(1.0, (step + 1) / warmup)


def label_smoothed_nll(logits, target, eps):
    lprobs = logits.log_softmax(-1)
    nll = -lprobs.gather(-1, target.unsqueeze(-1)).squeeze(-1)
    return ((1 - eps) * nll - eps * lprobs.mean(-1)).mean()


def reversal_batch(batch=8, length=5):
    src = torch.randint(3, VOCAB, (batch, length))
    tgt = torch.cat([src.flip(1), torch.full((batch, 1), EOS)], dim=1)
    prev = torch.cat([torch.full((batch, 1), BOS), tgt[:, :-1]], dim=1)
    return src, prev, tgt


def main():
    torch.manual_seed(0)
    model = Seq2Seq(VOCAB)
    opt = torch.optim.Adam(model.parameters(), lr=TRAIN["lr"])
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, functools.partial(warmup_then_constant, warmup=TRAIN["warmup"]))
    decoder = BeamSearch(model, BOS, EOS, max_state_bytes=4096)
    for epoch in range(TRAIN["epochs"]):
        model.train()
        for _ in range(TRAIN["steps"]):
            src, prev, tgt = reversal_batch()
            loss = label_smoothed_nll(model(src, prev), tgt, TRAIN["smoothing"])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        model.eval()
        score, hyp = decoder(reversal_batch(batch=1)[0])
        assert hyp[0] == BOS and isinstance(score, float)


if __name__ == "__main__":
    main()
