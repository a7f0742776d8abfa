"""Per-tokenizer runs of a bag-of-embeddings classifier; each trainer teaches to_device its batch format."""
import functools

import torch
import torch.nn as nn

from batching import PackedBatch, move_packed, to_device

TOKENIZERS = [{"name": "bpe", "pad_id": 0, "max_len": 10}, {"name": "char", "pad_id": 1, "max_len": 14}]


class MeanPoolClassifier(nn.Module):
    def __init__(self, vocab=64, dim=16, n_classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.out = nn.Linear(dim, n_classes)

    def forward(self, batch):
        summed = self.embed(batch.tokens).sum(1)
        return self.out(summed / batch.lengths.unsqueeze(1).float())


class Trainer:
    def __init__(self, model, tok_cfg, device="cpu"):
        self.model = model
        self.tok_cfg = tok_cfg
        self.device = torch.device(device)
        self.optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
        to_device.register(PackedBatch, functools.partial(
            move_packed, pad_id=tok_cfg["pad_id"], max_len=tok_cfg["max_len"]))
        self._to_device = functools.partial(to_device, device=self.device)

    def batches(self, n, size=8):
        for _ in range(n):
            tokens = torch.randint(0, 64, (size, 16))
            yield PackedBatch(tokens, torch.full((size,), 16), torch.randint(0, 3, (size,)))

    def fit(self, steps):
        for batch in self.batches(steps):
            batch = self._to_device(batch)
            loss = nn.functional.cross_entropy(self.model(batch), batch.labels)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
        return loss.item()


def main():
    for tok_cfg in TOKENIZERS:
        trainer = Trainer(MeanPoolClassifier(), tok_cfg)
        print(tok_cfg["name"], round(trainer.fit(steps=4), 4))


if __name__ == "__main__":
    main()
