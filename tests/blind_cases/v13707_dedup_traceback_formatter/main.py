"""Token classifier trained with automatic micro-batch splitting after out-of-memory errors."""
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

import logsetup  # noqa: F401  (configures the "train" logger)

LOG = logging.getLogger("train.recovery")

CFG = {
    "vocab": 100,
    "dim": 24,
    "classes": 5,
    "seq_len": 8,
    "batch_size": 32,
    "activation_budget": 2_500,
    "steps": 4,
}


class OutOfMemoryError(RuntimeError):
    pass


class Tagger(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Embedding(cfg["vocab"], cfg["dim"])
        self.mix = nn.GRU(cfg["dim"], cfg["dim"], batch_first=True)
        self.head = nn.Linear(cfg["dim"], cfg["classes"])

    def forward(self, tokens):
        hidden, _ = self.mix(self.embed(tokens))
        return self.head(hidden)


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        self.micro_batches = 1
        self.losses = []

    def _forward_backward(self, tokens, tags, weight):
        needed = tokens.numel() * self.cfg["dim"]
        if needed > self.cfg["activation_budget"]:
            raise OutOfMemoryError(f"simulated OOM: {needed} activations, {len(tokens)} sequences")
        logits = self.model(tokens)
        loss = F.cross_entropy(logits.flatten(0, 1), tags.flatten()) * weight
        loss.backward()
        return loss.item()

    def train_step(self, tokens, tags):
        while True:
            chunks = list(zip(tokens.chunk(self.micro_batches), tags.chunk(self.micro_batches)))
            self.optimizer.zero_grad(set_to_none=True)
            try:
                total = sum(self._forward_backward(x, y, len(x) / len(tokens)) for x, y in chunks)
            except OutOfMemoryError:
                LOG.warning("OOM with %d micro-batch(es), splitting further",
                            self.micro_batches, exc_info=True)  # retain
                self.micro_batches *= 2
                if self.micro_batches > len(tokens):
                    raise
                continue
            self.optimizer.step()
            return total

    def fit(self):
        cfg = self.cfg
        for _ in range(cfg["steps"]):
            tokens = torch.randint(0, cfg["vocab"], (cfg["batch_size"], cfg["seq_len"]))
            tags = tokens % cfg["classes"]
            self.losses.append(self.train_step(tokens, tags))
        return self.losses


def main():
    trainer = Trainer(Tagger(CFG), CFG)
    losses = trainer.fit()
    LOG.info("finished with %d micro-batches, last loss %.3f", trainer.micro_batches, losses[-1])
    assert trainer.micro_batches > 1


if __name__ == "__main__":
    main()
