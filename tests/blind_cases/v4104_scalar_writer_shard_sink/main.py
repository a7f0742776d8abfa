"""Regression training with a summary writer per run of a small learning-rate sweep."""
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F

from eventlog import ScalarEventWriter

SWEEP = [{"lr": 0.01, "name": "lr1e-2"}, {"lr": 0.05, "name": "lr5e-2"}]


def run(cfg, root):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    writer = ScalarEventWriter(f"{root}/{cfg['name']}", max_shard_bytes=512)
    step = 0
    for epoch in range(3):
        for _ in range(5):
            x = torch.randn(16, 6)
            y = x.sum(dim=1, keepdim=True)
            loss = F.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            writer.add_scalars("train", {"loss": loss.detach(), "grad_norm": grad_norm}, step)
            step += 1
        writer.add_scalar("epoch/lr", opt.param_groups[0]["lr"], step)
        writer.flush()
    writer.close()
    return loss.item(), len(writer.shards)


def main():
    with tempfile.TemporaryDirectory() as root:
        for cfg in SWEEP:
            final_loss, shards = run(cfg, root)
            print(f"{cfg['name']}: final loss {final_loss:.4f}, {shards} shard files")


if __name__ == "__main__":
    main()
