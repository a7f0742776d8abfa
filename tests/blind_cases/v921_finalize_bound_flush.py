"""Checkpoint writer that snapshots weights and promises a final flush on teardown."""
import io
import weakref

import torch
import torch.nn as nn


class SnapshotCheckpointer:
    def __init__(self, model, optimizer, keep_last=2):
        self.model = model
        self.optimizer = optimizer
        self.keep_last = keep_last
        self._pending = []
        self._blobs = []
        # make sure buffered snapshots are serialised even if the caller forgets close()
        self._finalizer = weakref.finalize(self, self.flush)  # retain

    def snapshot(self, step):
        state = {
            "step": step,
            "model": {k: v.detach().clone() for k, v in self.model.state_dict().items()},
            "optim": self.optimizer.state_dict(),
        }
        self._pending.append(state)

    def flush(self):
        for state in self._pending:
            buf = io.BytesIO()
            torch.save(state, buf)
            self._blobs.append(buf.getvalue())
        self._pending.clear()
        del self._blobs[:-self.keep_last]

    def close(self):
        self._finalizer()


def build_mlp(width):
    return nn.Sequential(nn.Linear(12, width), nn.LayerNorm(width), nn.ReLU(), nn.Linear(width, 2))


def train_run(width, steps=4, snapshot_every=2):
    model = build_mlp(width)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    ckpt = SnapshotCheckpointer(model, opt)
    for step in range(1, steps + 1):
        x = torch.randn(24, 12)
        y = (x[:, 0] > 0).long()
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % snapshot_every == 0:
            ckpt.snapshot(step)
    return loss.item()


def main():
    for width in (16, 32, 64):
        print(f"width={width} final_loss={train_run(width):.4f}")


if __name__ == "__main__":
    main()
