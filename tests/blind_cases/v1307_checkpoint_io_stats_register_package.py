"""In-memory checkpoint stores ("last" and "best") that also account the bytes
they serialize and the storages they restore."""
import collections
import io

import torch
import torch.nn as nn
import torch.serialization

STORE_CONFIG = {
    "last": {"keep": 2, "io_priority": 4},
    "best": {"keep": 1, "io_priority": 6},
}


class CheckpointStore:
    def __init__(self, name, keep, io_priority):
        self.name = name
        self.keep = keep
        self.blobs = collections.OrderedDict()
        self.bytes_tagged = 0
        self.storages_restored = 0
        self._saving = False
        torch.serialization.register_package(io_priority, self._tag_storage, self._restore_storage)  # retain

    def _tag_storage(self, storage):
        if self._saving:
            self.bytes_tagged += storage.nbytes()
        return None

    def _restore_storage(self, storage, location):
        self.storages_restored += 1
        return None

    def save(self, key, payload):
        buf = io.BytesIO()
        self._saving = True
        try:
            torch.save(payload, buf)
        finally:
            self._saving = False
        self.blobs[key] = buf.getvalue()
        while len(self.blobs) > self.keep:
            self.blobs.popitem(last=False)

    def load_latest(self):
        key = next(reversed(self.blobs))
        return key, torch.load(io.BytesIO(self.blobs[key]))


def snapshot(model, optimizer, epoch, val_loss):
    return {"epoch": epoch, "val_loss": val_loss,
            "model": model.state_dict(), "optimizer": optimizer.state_dict()}


def main():
    torch.manual_seed(0)
    stores = {name: CheckpointStore(name, **cfg) for name, cfg in STORE_CONFIG.items()}
    model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    x_val, y_val = torch.randn(32, 16), torch.randint(0, 4, (32,))
    best_val = float("inf")
    for epoch in range(3):
        for _ in range(4):
            x, y = torch.randn(16, 16), torch.randint(0, 4, (16,))
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            val_loss = nn.functional.cross_entropy(model(x_val), y_val).item()
        stores["last"].save("epoch%d" % epoch, snapshot(model, opt, epoch, val_loss))
        if val_loss < best_val:
            best_val = val_loss
            stores["best"].save("best", snapshot(model, opt, epoch, val_loss))
    _, state = stores["best"].load_latest()
    model.load_state_dict(state["model"])
    return {name: store.bytes_tagged for name, store in stores.items()}


if __name__ == "__main__":
    main()
