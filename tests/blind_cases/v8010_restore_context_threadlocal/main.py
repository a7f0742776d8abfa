"""Preemptible training: resume from the newest readable checkpoint after a crash."""
import io
import logging

import torch
import torch.nn as nn

from calib import CalibratedMLP
from restorectx import restoring_into

log = logging.getLogger("resume")
CFG = {"steps": 6, "save_every": 2, "resume_steps": 3, "lr": 0.05}


class CheckpointLoader:
    def __init__(self, model):
        self.model = model
        self.ranges = {}

    def register_range(self, activation_range):
        self.ranges[activation_range.layer] = activation_range

    def load(self, blob):
        with restoring_into(self):
            payload = torch.load(io.BytesIO(blob), map_location="cpu")
        self.model.load_state_dict(payload["model"])
        self.model.ranges.update(self.ranges)
        return payload["step"]


def train(model, opt, steps):
    for _ in range(steps):
        x = torch.randn(16, 8)
        loss = nn.functional.cross_entropy(model(x), (x[:, 0] > 0).long())
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    model = CalibratedMLP()
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"])
    store = []
    for step in range(0, CFG["steps"], CFG["save_every"]):
        train(model, opt, CFG["save_every"])
        buf = io.BytesIO()
        torch.save({"step": step + CFG["save_every"], "model": model.state_dict(),
                    "ranges": list(model.ranges.values())}, buf)
        store.append(buf.getvalue())
    store[-1] = store[-1][: len(store[-1]) // 2]  # preempted while writing the last one

    for blob in reversed(store):
        resumed = CalibratedMLP()
        try:
            step = CheckpointLoader(resumed).load(blob)
        except RuntimeError as err:
            log.warning("skipping unreadable checkpoint: %s", err)
            continue
        break
    opt = torch.optim.SGD(resumed.parameters(), lr=CFG["lr"])
    train(resumed, opt, CFG["resume_steps"])
    print("resumed at step %d, layer-0 range [%.2f, %.2f]" % (step, resumed.ranges[0].lo, resumed.ranges[0].hi))


if __name__ == "__main__":
    main()
