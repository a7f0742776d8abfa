"""Sharded checkpointing: one writer thread per rank shard, with a mirror copy per shard."""
import os
import shutil
import tempfile
import threading

import torch
import torch.nn as nn


class ShardWriter(threading.Thread):
    def __init__(self, rank, shard, paths):
        super().__init__(name=f"ckpt-shard{rank}", daemon=True)
        self.rank = rank
        self.shard = shard
        self.paths = paths
        self.exc = None

    def run(self):
        try:
            for path in self.paths:
                torch.save(self.shard, path)
        except Exception as exc:
            self.exc = exc  # cycle

    def join(self, timeout=None):
        super().join(timeout)
        if self.exc is not None:
            raise self.exc


class ShardedCheckpointer:
    def __init__(self, root, mirror_root, world_size):
        self.root = root
        self.mirror_root = mirror_root
        self.world_size = world_size
        self.failed = []

    def shard_state(self, model, rank):
        state = model.state_dict()
        keys = sorted(state)
        return {k: state[k].clone() for k in keys[rank::self.world_size]}

    def save(self, model, step):
        step_dir = os.path.join(self.root, f"step{step:05d}")
        os.makedirs(step_dir, exist_ok=True)
        writers = []
        for rank in range(self.world_size):
            name = f"shard{rank}-of-{self.world_size}.pt"
            paths = [os.path.join(step_dir, name),
                     os.path.join(self.mirror_root, f"step{step:05d}", name)]
            w = ShardWriter(rank, self.shard_state(model, rank), paths)
            w.start()
            writers.append(w)
        written = 0
        for w in writers:
            try:
                w.join()
                written += 1
            except (OSError, RuntimeError) as err:
                self.failed.append((step, w.rank, type(err).__name__))
        return written


def main():
    root = tempfile.mkdtemp(prefix="ckpt_")
    try:
        model = nn.Sequential(nn.Linear(32, 64), nn.LayerNorm(64), nn.ReLU(), nn.Linear(64, 8))
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        ckpt = ShardedCheckpointer(os.path.join(root, "local"), os.path.join(root, "mirror"), world_size=3)
        for step in range(1, 7):
            x = torch.randn(16, 32)
            loss = model(x).pow(2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if step % 3 == 0:
                n = ckpt.save(model, step)
                print(f"step {step}: {n}/{ckpt.world_size} shards written, failures={len(ckpt.failed)}")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
