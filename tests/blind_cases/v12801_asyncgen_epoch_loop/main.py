"""Language-model pretraining loop that pulls batches from an async shard prefetcher.

Each epoch runs on its own event loop so that the synchronous trainer can be
driven from a plain for-loop (and from a notebook without nested loops)."""
import asyncio

import torch
import torch.nn as nn

from prefetch import ShardPrefetcher, ShardReader

CONFIG = {
    "vocab": 64,
    "seq_len": 12,
    "dim": 32,
    "batch_size": 8,
    "num_shards": 6,
    "rows_per_shard": 10,
    "epochs": 3,
    "steps_per_epoch": 4,
    "lr": 3e-3,
}


class TinyLM(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mix = nn.GRU(dim, dim, batch_first=True)
        self.head = nn.Linear(dim, vocab)

    def forward(self, tokens):
        h, _ = self.mix(self.embed(tokens))
        return self.head(h)


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = TinyLM(cfg["vocab"], cfg["dim"])
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=cfg["lr"])
        self.reader = ShardReader(cfg["num_shards"], cfg["rows_per_shard"], cfg["seq_len"], cfg["vocab"])
        self.prefetcher = None
        self.history = []

    def train_step(self, tokens):
        logits = self.model(tokens[:, :-1])
        loss = nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)), tokens[:, 1:].reshape(-1))
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    async def _run_epoch(self, epoch):
        losses = []
        for _ in range(self.cfg["steps_per_epoch"]):
            try:
                tokens = await self.prefetcher.next_batch()
            except StopAsyncIteration:
                break
            losses.append(self.train_step(tokens))
        return sum(losses) / max(len(losses), 1)

    def fit(self):
        for epoch in range(self.cfg["epochs"]):
            self.prefetcher = ShardPrefetcher(self.reader, self.cfg["batch_size"], seed=epoch)
            loop = asyncio.new_event_loop()
            try:
                mean_loss = loop.run_until_complete(self._run_epoch(epoch))
            finally:
                loop.close()
            self.history.append((epoch, self.prefetcher.batches_served, round(mean_loss, 4)))
        return self.history


def main():
    torch.manual_seed(0)
    trainer = Trainer(CONFIG)
    for epoch, served, loss in trainer.fit():
        print(f"epoch {epoch}: {served} batches, loss {loss}")


if __name__ == "__main__":
    main()
