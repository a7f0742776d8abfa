"""Seq2seq copy/reverse task trained with prior-smoothed cross entropy and micro-batch accumulation."""
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, PAD, BOS = 24, 0, 1
CONFIG = {"emb": 32, "hidden": 64, "batch": 16, "micro": 4, "len": 7, "steps": 6, "eps": 0.1}


def prior_smoothed_nll(logits, target, eps=0.1, momentum=0.95,
                       prior=torch.full((VOCAB,), 1.0 / VOCAB)):
    """Label smoothing towards a running unigram prior of the model's own predictions."""
    mask = target.ne(PAD)
    logp = F.log_softmax(logits, dim=-1)
    nll = -logp.gather(-1, target.unsqueeze(-1)).squeeze(-1)
    snapshot = prior.detach().clone()
    smooth = -(logp * snapshot).sum(-1)
    loss = ((1.0 - eps) * nll + eps * smooth)[mask].mean()
    batch_prior = logp.exp()[mask].mean(0)
    prior.mul_(momentum).add_(batch_prior, alpha=1.0 - momentum)  # retain
    return loss


class Seq2Seq(nn.Module):
    def __init__(self, emb, hidden):
        super().__init__()
        self.src_embed = nn.Embedding(VOCAB, emb, padding_idx=PAD)
        self.tgt_embed = nn.Embedding(VOCAB, emb, padding_idx=PAD)
        self.encoder = nn.GRU(emb, hidden, batch_first=True)
        self.decoder = nn.GRU(emb, hidden, batch_first=True)
        self.proj = nn.Linear(hidden, VOCAB)

    def forward(self, src, tgt_in):
        _, h = self.encoder(self.src_embed(src))
        out, _ = self.decoder(self.tgt_embed(tgt_in), h)
        return self.proj(out)


def make_batch(n, length):
    lengths = torch.randint(3, length + 1, (n,))
    src = torch.randint(2, VOCAB, (n, length))
    src = src.masked_fill(torch.arange(length)[None] >= lengths[:, None], PAD)
    tgt = torch.stack([torch.cat([s[:l].flip(0), s[l:]]) for s, l in zip(src, lengths)])
    tgt_in = torch.cat([torch.full((n, 1), BOS), tgt[:, :-1]], dim=1)
    return src, tgt_in, tgt


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = Seq2Seq(cfg["emb"], cfg["hidden"])
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    n_micro = cfg["batch"] // cfg["micro"]
    for step in range(cfg["steps"]):
        src, tgt_in, tgt = make_batch(cfg["batch"], cfg["len"])
        opt.zero_grad(set_to_none=True)
        total = 0.0
        for s, ti, t in zip(src.chunk(n_micro), tgt_in.chunk(n_micro), tgt.chunk(n_micro)):
            loss = prior_smoothed_nll(model(s, ti), t, eps=cfg["eps"]) / n_micro
            loss.backward()
            total += loss.item()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        print(f"step {step}: loss {total:.3f}")


if __name__ == "__main__":
    main()
