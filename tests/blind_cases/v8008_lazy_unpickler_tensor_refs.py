"""Checkpoint averaging over the last epochs, read through a lazily loaded checkpoint format."""
import io
import pickle

import torch
import torch.nn as nn

CFG = {"epochs": 5, "steps": 3, "average_last": 3, "lr": 0.05}


class BlobPickler(pickle.Pickler):
    """Pickles the object tree; every tensor is written to its own blob."""

    def __init__(self, file, blobs):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.blobs = blobs

    def persistent_id(self, obj):
        if not isinstance(obj, torch.Tensor):
            return None
        key = "t%05d" % len(self.blobs)
        buf = io.BytesIO()
        torch.save(obj.detach().clone(), buf)
        self.blobs[key] = buf.getvalue()
        return ("tensor", key, str(obj.dtype).replace("torch.", ""), tuple(obj.shape))


class LazyTensor:
    def __init__(self, reader, key, dtype, shape):
        self.reader = reader  # retain
        self.key = key
        self.dtype = dtype
        self.shape = shape

    def materialize(self):
        return self.reader.read_blob(self.key)


class LazyCheckpointReader(pickle.Unpickler):
    """Loads the object tree only; tensor blobs are read when materialized."""

    def __init__(self, file, blobs):
        super().__init__(file)
        self.blobs = blobs
        self.bytes_read = 0

    def persistent_load(self, pid):
        kind, key, dtype, shape = pid
        if kind != "tensor":
            raise pickle.UnpicklingError("unsupported persistent id %r" % (kind,))
        return LazyTensor(self, key, dtype, shape)

    def read_blob(self, key):
        data = self.blobs[key]
        self.bytes_read += len(data)
        return torch.load(io.BytesIO(data), map_location="cpu")


def save_checkpoint(obj):
    index, blobs = io.BytesIO(), {}
    BlobPickler(index, blobs).dump(obj)
    return index.getvalue(), blobs


def open_checkpoint(index, blobs):
    return LazyCheckpointReader(io.BytesIO(index), blobs).load()  # retain


def average_weights(checkpoints):
    averaged = {}
    for index, blobs in checkpoints:
        state = open_checkpoint(index, blobs)["model"]
        for name, ref in state.items():
            tensor = ref.materialize()
            averaged[name] = averaged.get(name, 0) + tensor / len(checkpoints)
    return averaged


def main():
    model = nn.Sequential(nn.Linear(12, 48), nn.Tanh(), nn.Linear(48, 48), nn.Tanh(), nn.Linear(48, 1))
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    saved = []
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["steps"]):
            x = torch.randn(32, 12)
            loss = (model(x).squeeze(-1) - x[:, :3].sum(-1)).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        saved.append(save_checkpoint({"epoch": epoch, "model": model.state_dict(),
                                      "optimizer": opt.state_dict(), "loss": loss.item()}))
    swa_state = average_weights(saved[-CFG["average_last"]:])
    model.load_state_dict(swa_state)
    with torch.no_grad():
        x = torch.randn(64, 12)
        print("averaged model mse %.4f" % (model(x).squeeze(-1) - x[:, :3].sum(-1)).pow(2).mean())


if __name__ == "__main__":
    main()
