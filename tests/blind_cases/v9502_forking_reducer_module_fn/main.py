"""Factorization-machine CTR model over a row-sharded embedding store; touched rows are
pushed to an in-process parameter-server mailbox after every epoch."""
import pickle
from multiprocessing.reduction import ForkingPickler

import torch
import torch.nn as nn

from shards import ShardedEmbeddingStore

CONFIG = {
    "tables": {"user_id": 600, "item_id": 900, "category": 40},
    "dim": 8,
    "num_shards": 4,
    "epochs": 3,
    "steps_per_epoch": 6,
    "batch_size": 32,
    "lr": 0.05,
}


class ShardedFM(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.fields = list(cfg["tables"])
        self.store = ShardedEmbeddingStore(cfg["tables"], cfg["dim"], cfg["num_shards"])
        self.bias = nn.Parameter(torch.zeros(1))

    def forward(self, batch):
        embs = torch.stack([self.store.lookup(f, batch[f]) for f in self.fields], dim=1)
        square_of_sum = embs.sum(1).pow(2)
        sum_of_square = embs.pow(2).sum(1)
        return self.bias + 0.5 * (square_of_sum - sum_of_square).sum(1)


def synthetic_batch(cfg):
    batch = {f: torch.randint(0, n, (cfg["batch_size"],)) for f, n in cfg["tables"].items()}
    batch["label"] = (torch.rand(cfg["batch_size"]) < 0.3).float()
    return batch


def main():
    cfg = CONFIG
    model = ShardedFM(cfg)
    opt = torch.optim.Adagrad(model.parameters(), lr=cfg["lr"])
    mailbox = []
    for epoch in range(cfg["epochs"]):
        touched = {f: [] for f in model.fields}
        for _ in range(cfg["steps_per_epoch"]):
            batch = synthetic_batch(cfg)
            loss = nn.functional.binary_cross_entropy_with_logits(model(batch), batch["label"])
            opt.zero_grad()
            loss.backward()
            opt.step()
            for f in model.fields:
                touched[f].append(batch[f])
        model.store.version = epoch + 1
        for f, ids in touched.items():
            for block in model.store.export_touched(f, torch.cat(ids)):
                mailbox.append(bytes(ForkingPickler.dumps(block)))
        received = [pickle.loads(payload) for payload in mailbox]
        print(f"epoch {epoch}: loss={loss.item():.4f} pushed={len(received)} "
              f"rows={model.store.exported_rows}")
        mailbox.clear()


if __name__ == "__main__":
    main()
