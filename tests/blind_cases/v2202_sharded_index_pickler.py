"""Checkpoint writer that keeps tensors in separate shard files next to a small pickled index."""
import io
import os
import pickle
import tempfile

import torch
import torch.nn as nn


class ShardedCheckpointWriter:
    def __init__(self, root, protocol=pickle.HIGHEST_PROTOCOL):
        self.root = root
        self.protocol = protocol
        self._index = io.BytesIO()
        self._pickler = pickle.Pickler(self._index, protocol=protocol)  # cycle
        self._pickler.persistent_id = self._externalize  # cycle
        self._shards = 0
        self.written = []

    def _externalize(self, obj):
        if not isinstance(obj, torch.Tensor):
            return None
        name = "shard_%05d.pt" % self._shards
        self._shards += 1
        torch.save(obj.detach().clone(), os.path.join(self.root, name))
        return ("tensor", name)

    def write(self, tag, state):
        self._index.seek(0)
        self._index.truncate()
        try:
            self._pickler.dump(state)
        finally:
            self._pickler.clear_memo()
        path = os.path.join(self.root, tag + ".index")
        with open(path, "wb") as fh:
            fh.write(self._index.getvalue())
        self.written.append(path)
        return path


class ShardedCheckpointReader(pickle.Unpickler):
    def __init__(self, fh, root):
        super().__init__(fh)
        self.root = root

    def persistent_load(self, pid):
        kind, name = pid
        if kind != "tensor":
            raise pickle.UnpicklingError("unknown persistent id %r" % (kind,))
        return torch.load(os.path.join(self.root, name))


def read_checkpoint(path, root):
    with open(path, "rb") as fh:
        return ShardedCheckpointReader(fh, root).load()


def train_job(seed, root, steps=6, save_every=2):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(8, 24), nn.GELU(), nn.Linear(24, 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    writer = ShardedCheckpointWriter(root)
    for step in range(1, steps + 1):
        x = torch.randn(32, 8)
        loss = (model(x).squeeze(-1) - x.sum(-1)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % save_every == 0:
            writer.write("step_%03d" % step, {"step": step, "model": model.state_dict(),
                                               "optimizer": opt.state_dict()})
    restored = read_checkpoint(writer.written[-1], root)
    fresh = nn.Sequential(nn.Linear(8, 24), nn.GELU(), nn.Linear(24, 1))
    fresh.load_state_dict(restored["model"])
    return restored["step"]


def main():
    for seed in range(2):
        with tempfile.TemporaryDirectory() as root:
            train_job(seed, root)


if __name__ == "__main__":
    main()
