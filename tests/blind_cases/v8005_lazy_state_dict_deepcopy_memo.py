"""Learning-rate sweep where every trial starts from a lazily decoded pretrained checkpoint."""
import copy
import io
from collections.abc import Mapping

import torch
import torch.nn as nn

SWEEP = [{"lr": 0.1, "wd": 0.0}, {"lr": 0.03, "wd": 1e-4}, {"lr": 0.01, "wd": 1e-4}]
STEPS = 3


def build_model():
    return nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 2))


def pack_checkpoint(state_dict, tensors_per_blob=2):
    """Serialize a state dict into independent blobs that readers decode on demand."""
    blobs, index = {}, {}
    keys = list(state_dict)
    for start in range(0, len(keys), tensors_per_blob):
        name = "blob%02d" % (start // tensors_per_blob)
        part = {k: state_dict[k].detach().clone() for k in keys[start:start + tensors_per_blob]}
        buf = io.BytesIO()
        torch.save(part, buf)
        blobs[name] = buf.getvalue()
        index.update(dict.fromkeys(part, name))
    return blobs, index


class LazyStateDict(Mapping):
    """Read-only state dict; a blob is decoded the first time one of its keys is read."""

    def __init__(self, blobs, index):
        self._blobs = blobs
        self._index = index
        self._decoded = {}
        self._origin = None
        self._origin_memo = None

    def __getitem__(self, key):
        name = self._index[key]
        part = self._decoded.get(name)
        if part is None:
            origin = self._origin
            if origin is not None and name in origin._decoded:
                part = copy.deepcopy(origin._decoded[name], self._origin_memo)
            else:
                part = torch.load(io.BytesIO(self._blobs[name]), map_location="cpu")
            self._decoded[name] = part
        return part[key]

    def __iter__(self):
        return iter(self._index)

    def __len__(self):
        return len(self._index)

    def __deepcopy__(self, memo):
        # blobs are immutable bytes and are shared; decoded parts are copied on first use,
        # with the caller's memo so tensors shared between entries stay shared in the copy
        clone = LazyStateDict(self._blobs, self._index)
        clone._origin = self
        clone._origin_memo = memo  # cycle
        return clone


def run_trial(resume, hp):
    model = build_model()
    model.load_state_dict(resume["model"])
    opt = torch.optim.SGD(model.parameters(), lr=hp["lr"], weight_decay=hp["wd"], momentum=0.9)
    for _ in range(STEPS):
        x = torch.randn(32, 10)
        y = (x[:, 0] > 0).long()
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    resume["epoch"] += 1
    return loss.item()


def main():
    pretrained = build_model()
    blobs, index = pack_checkpoint(pretrained.state_dict())
    base = {"model": LazyStateDict(blobs, index), "epoch": 0, "sweep": "lr"}
    reference = build_model()
    reference.load_state_dict(base["model"])
    results = []
    for hp in SWEEP:
        resume = copy.deepcopy(base)  # cycle
        results.append((hp["lr"], run_trial(resume, hp)))
    best_lr, best_loss = min(results, key=lambda r: r[1])
    print("best lr %.3g (loss %.4f)" % (best_lr, best_loss))


if __name__ == "__main__":
    main()
