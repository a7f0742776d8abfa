"""Two-view contrastive training of an item tower with a cross-batch negative memory.

At the start of every epoch the embedding service re-encodes a sample of the
catalogue concurrently and pushes the embeddings into the shared memory."""
import asyncio

import torch
import torch.nn as nn
import torch.nn.functional as F

from embed_service import EmbeddingService, FeatureStore
from memory_bank import MEMORY

CONFIG = {
    "num_items": 300,
    "in_dim": 24,
    "dim": 16,
    "epochs": 3,
    "steps": 4,
    "batch": 16,
    "refresh_chunks": 4,
    "chunk": 8,
    "temperature": 0.2,
}


def make_tower(cfg):
    return nn.Sequential(nn.Linear(cfg["in_dim"], 32), nn.ReLU(), nn.Linear(32, cfg["dim"]))


def augment(x, gen):
    return x + 0.1 * torch.randn(x.shape, generator=gen)


def contrastive_loss(q, k, negatives, temperature):
    l_pos = (q * k).sum(-1, keepdim=True)
    l_batch = q @ k.t()
    l_batch = l_batch.masked_fill(torch.eye(q.size(0), dtype=torch.bool), float("-inf"))
    l_mem = q @ negatives.t()
    logits = torch.cat([l_pos, l_batch, l_mem], dim=1) / temperature
    return F.cross_entropy(logits, torch.zeros(q.size(0), dtype=torch.long))


def main():
    cfg = CONFIG
    gen = torch.Generator().manual_seed(0)
    torch.manual_seed(0)
    store = FeatureStore(cfg["num_items"], cfg["in_dim"])
    tower = make_tower(cfg)
    opt = torch.optim.Adam(tower.parameters(), lr=1e-3)
    service = EmbeddingService(tower, store)
    for epoch in range(cfg["epochs"]):
        ids = torch.randperm(cfg["num_items"], generator=gen)[: cfg["refresh_chunks"] * cfg["chunk"]]
        refreshed = asyncio.run(service.refresh_many(ids.split(cfg["chunk"])))
        stats = {}
        for phase in ("train", "val"):
            losses = []
            with torch.set_grad_enabled(phase == "train"):
                tower.train(phase == "train")
                for _ in range(cfg["steps"]):
                    batch = torch.randint(0, cfg["num_items"], (cfg["batch"],), generator=gen)
                    x = store.features[batch]
                    q = F.normalize(tower(augment(x, gen)), dim=-1)
                    k = F.normalize(tower(augment(x, gen)), dim=-1)
                    loss = contrastive_loss(q, k, MEMORY.negatives(), cfg["temperature"])
                    if phase == "train":
                        opt.zero_grad()
                        loss.backward()
                        opt.step()
                    losses.append(loss.item())
            stats[phase] = sum(losses) / len(losses)
        print(f"epoch {epoch}: refreshed {refreshed} train {stats['train']:.3f} val {stats['val']:.3f}")


if __name__ == "__main__":
    main()
