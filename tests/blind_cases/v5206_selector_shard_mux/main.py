"""Step-budgeted training that reads decoded shards through OS pipes."""
import os
import random

import torch
import torch.nn as nn

from mux import ShardMux, encode_record

CFG = {"feat_dim": 16, "n_classes": 4, "shards": 3, "records_per_shard": 96,
       "batch_size": 16, "max_steps": 8, "epochs": 2}


def spawn_shard_stream(shard_idx, cfg):
    rng = random.Random(shard_idx)
    read_fd, write_fd = os.pipe()
    payload = bytearray()
    for _ in range(cfg["records_per_shard"]):
        label = rng.randrange(cfg["n_classes"])
        feats = [rng.gauss(label, 1.0) for _ in range(cfg["feat_dim"])]
        payload += encode_record(feats, label)
    os.write(write_fd, bytes(payload))
    os.close(write_fd)
    return read_fd


def run_epoch(model, opt, epoch, cfg):
    mux = ShardMux(cfg["feat_dim"])
    for s in range(cfg["shards"]):
        mux.attach(spawn_shard_stream(epoch * cfg["shards"] + s, cfg), f"train-{s:03d}")
    for step, (x, y) in enumerate(mux.batches(cfg["batch_size"])):
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step + 1 == cfg["max_steps"]:
            break
    return loss.item(), mux.records_read


def main():
    model = nn.Sequential(nn.Linear(CFG["feat_dim"], 32), nn.ReLU(), nn.Linear(32, CFG["n_classes"]))
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for epoch in range(CFG["epochs"]):
        loss, n = run_epoch(model, opt, epoch, CFG)
        print(f"epoch {epoch}: loss={loss:.3f} records={n}")


if __name__ == "__main__":
    main()
