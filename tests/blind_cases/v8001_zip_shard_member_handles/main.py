"""Fine-tuning loop that writes a sharded checkpoint every epoch and verifies it loads."""
import io

import torch
import torch.nn as nn

from shards import ShardArchive, write_sharded

CONFIG = {"epochs": 3, "steps_per_epoch": 4, "lr": 0.05, "max_shard_bytes": 2048}


def build_model():
    return nn.Sequential(
        nn.Linear(16, 32), nn.GELU(), nn.LayerNorm(32),
        nn.Linear(32, 32), nn.GELU(), nn.Linear(32, 4),
    )


def train_epoch(model, opt, steps):
    model.train()
    total = 0.0
    for _ in range(steps):
        x, y = torch.randn(8, 16), torch.randint(0, 4, (8,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    return total / steps


@torch.no_grad()
def verify_checkpoint(blob, reference):
    archive = ShardArchive(io.BytesIO(blob))
    restored = build_model()
    archive.load_into(restored)
    probe = torch.randn(4, 16)
    reference.eval()
    restored.eval()
    max_diff = (restored(probe) - reference(probe)).abs().max().item()
    return len(archive.keys_by_shard()), max_diff


def main():
    model = build_model()
    opt = torch.optim.SGD(model.parameters(), lr=CONFIG["lr"], momentum=0.9)
    history = []
    for epoch in range(CONFIG["epochs"]):
        loss = train_epoch(model, opt, CONFIG["steps_per_epoch"])
        buf = io.BytesIO()
        write_sharded(model.state_dict(), buf, CONFIG["max_shard_bytes"])
        n_shards, diff = verify_checkpoint(buf.getvalue(), model)
        history.append({"epoch": epoch, "loss": loss, "shards": n_shards, "max_diff": diff})
    assert all(h["max_diff"] < 1e-5 for h in history)


if __name__ == "__main__":
    main()
