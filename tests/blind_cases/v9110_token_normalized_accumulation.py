"""Encoder-decoder fine-tuning with token-normalised gradient accumulation over micro-batches."""
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, PAD, BOS = 30, 0, 1
CONFIG = {"dim": 32, "micro_batches": 4, "micro_size": 3, "max_len": 9, "updates": 5,
          "smoothing": 0.1, "clip": 1.0, "lr": 1e-2}
TOKENS_PER_UPDATE = []


class Seq2Seq(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, dim, padding_idx=PAD)
        self.encoder = nn.LSTM(dim, dim, batch_first=True)
        self.decoder = nn.LSTM(dim, dim, batch_first=True)
        self.proj = nn.Linear(dim, VOCAB)
        self.proj.weight = self.embed.weight

    def forward(self, src, tgt_in):
        _, state = self.encoder(self.embed(src))
        y, _ = self.decoder(self.embed(tgt_in), state)
        return self.proj(y)


def label_smoothed_sum(logits, target, eps):
    logp = F.log_softmax(logits, dim=-1)
    nll = -logp.gather(-1, target.unsqueeze(-1)).squeeze(-1)
    loss = (1 - eps) * nll - eps * logp.mean(-1)
    return loss.masked_fill(target.eq(PAD), 0.0).sum()


def micro_batch(n, max_len):
    lengths = torch.randint(2, max_len, (n,))
    src = torch.randint(3, VOCAB, (n, max_len)).masked_fill(torch.arange(max_len) >= lengths[:, None], PAD)
    tgt = (src + 1).clamp(max=VOCAB - 1).masked_fill(src.eq(PAD), PAD)
    return src, torch.cat([torch.full((n, 1), BOS), tgt[:, :-1]], 1), tgt


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = Seq2Seq(cfg["dim"])
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.Adam(params, lr=cfg["lr"])
    for update in range(cfg["updates"]):
        opt.zero_grad(set_to_none=False)
        n_tokens = torch.zeros(())
        loss_sum = 0.0
        for _ in range(cfg["micro_batches"]):
            src, tgt_in, tgt = micro_batch(cfg["micro_size"], cfg["max_len"])
            loss = label_smoothed_sum(model(src, tgt_in), tgt, cfg["smoothing"])
            loss.backward()
            n_tokens += tgt.ne(PAD).sum()
            loss_sum += loss.item()
        for p in params:
            if p.grad is not None:
                p.grad.div_(n_tokens)
        grad_norm = nn.utils.clip_grad_norm_(params, cfg["clip"])
        opt.step()
        TOKENS_PER_UPDATE.append(int(n_tokens))
        print(f"update {update}: {loss_sum / float(n_tokens):.3f} nats/token, grad norm {float(grad_norm):.3f}")


if __name__ == "__main__":
    main()
