"""Sequence-reversal seq2seq trained with teacher forcing and a checkpointed cross-attention."""
import functools

import torch
import torch.nn as nn

from decoder import GatedContextDecoder

CONFIG = {"vocab": 12, "d_model": 16, "grad_ckpt": True, "attn_temperature": 1.0,
          "warmup": 4, "label_smoothing": 0.1, "epochs": 2, "batches": 3}
PAD, BOS = 0, 1


def inverse_sqrt_warmup(step, warmup):
    step = max(step, 1)
    return min(step / warmup, (warmup / step) ** 0.5)


class ReversalModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.src_embed = nn.Embedding(cfg["vocab"], cfg["d_model"], padding_idx=PAD)
        self.encoder = nn.GRU(cfg["d_model"], cfg["d_model"], batch_first=True)
        self.decoder = GatedContextDecoder(cfg["vocab"], cfg["d_model"], cfg)

    def forward(self, src, tgt_in):
        memory, _ = self.encoder(self.src_embed(src))
        return self.decoder(tgt_in, memory, src != PAD)


def make_batch(batch_size=8, length=6, vocab=12):
    src = torch.randint(2, vocab, (batch_size, length))
    tgt = src.flip(1)
    tgt_in = torch.cat([torch.full((batch_size, 1), BOS), tgt[:, :-1]], dim=1)
    return src, tgt_in, tgt


class Seq2SeqTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.Adam(model.parameters(), lr=3e-3, betas=(0.9, 0.98))
        schedule = functools.partial(inverse_sqrt_warmup, warmup=cfg["warmup"])
        self.sched = torch.optim.lr_scheduler.LambdaLR(self.opt, schedule)
        self.criterion = nn.CrossEntropyLoss(ignore_index=PAD, label_smoothing=cfg["label_smoothing"])
        self.history = []

    def train_step(self, src, tgt_in, tgt):
        self.model.train()
        logits, state = self.model(src, tgt_in)
        loss = self.criterion(logits.reshape(-1, logits.size(-1)), tgt.reshape(-1))
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.sched.step()
        self.history.append({"loss": loss.item(), "ctx": state.has_context})

    @torch.no_grad()
    def evaluate(self):
        self.model.eval()
        src, tgt_in, tgt = make_batch(vocab=self.cfg["vocab"])
        logits, _ = self.model(src, tgt_in)
        return (logits.argmax(-1) == tgt).float().mean().item()

    def fit(self):
        for epoch in range(self.cfg["epochs"]):
            for _ in range(self.cfg["batches"]):
                self.train_step(*make_batch(vocab=self.cfg["vocab"]))
            self.history[-1]["acc"] = self.evaluate()
        return self.history


def main():
    torch.manual_seed(0)
    model = ReversalModel(CONFIG)
    trainer = Seq2SeqTrainer(model, CONFIG)
    history = trainer.fit()
    assert len(history) == CONFIG["epochs"] * CONFIG["batches"]


if __name__ == "__main__":
    main()
