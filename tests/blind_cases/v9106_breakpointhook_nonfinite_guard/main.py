"""Small transformer LM trained with gradient accumulation; non-finite micro-batches are skipped."""
import math

import torch
import torch.nn as nn

from debugging import NonFiniteGuard
from losses import LabelSmoothedCE

CONFIG = {"vocab": 50, "d_model": 32, "len": 12, "micro_batches": 3, "micro_size": 4,
          "steps": 4, "lr": 1e-3, "on_nonfinite": "snapshot"}


class TinyLM(nn.Module):
    def __init__(self, vocab, d_model):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model, padding_idx=0)
        layer = nn.TransformerEncoderLayer(d_model, nhead=4, dim_feedforward=64, batch_first=True)
        self.body = nn.TransformerEncoder(layer, num_layers=1)
        self.head = nn.Linear(d_model, vocab)

    def forward(self, ids):
        n = ids.size(1)
        causal = torch.triu(torch.full((n, n), float("-inf")), diagonal=1)
        return self.head(self.body(self.embed(ids), mask=causal))


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.criterion = LabelSmoothedCE(smoothing=0.1)
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
        self.step = self.micro_step = 0
        self.skipped = 0
        if cfg["on_nonfinite"] == "snapshot":
            NonFiniteGuard(self).install()

    def micro_batches(self):
        for k in range(self.cfg["micro_batches"]):
            ids = torch.randint(1, self.cfg["vocab"], (self.cfg["micro_size"], self.cfg["len"]))
            if self.step == 1 and k == 2:
                ids[:, 1:] = 0
            yield ids

    def train_step(self):
        self.optimizer.zero_grad(set_to_none=True)
        total = 0.0
        for self.micro_step, ids in enumerate(self.micro_batches()):
            loss = self.criterion(self.model(ids[:, :-1]), ids[:, 1:])
            if not math.isfinite(loss.item()):
                self.skipped += 1
                breakpoint()
                continue
            (loss / self.cfg["micro_batches"]).backward()
            total += loss.item() / self.cfg["micro_batches"]
        nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.optimizer.step()
        self.step += 1
        return total


def main():
    torch.manual_seed(0)
    trainer = Trainer(TinyLM(CONFIG["vocab"], CONFIG["d_model"]), CONFIG)
    for _ in range(CONFIG["steps"]):
        last = trainer.train_step()
    print(f"done: {trainer.step} steps, {trainer.skipped} skipped micro-batches, last loss {last:.3f}")


if __name__ == "__main__":
    main()
