"""Copy-on-write checkpointing: a forked child serialises the model while training continues."""
import multiprocessing as mp
import os
import tempfile
import time

import torch
import torch.nn as nn

_FORK = mp.get_context("fork")


class SnapshotExporter(_FORK.Process):
    """Child process that writes the parent's (copy-on-write) model and optimizer state."""

    def __init__(self, model, optimizer, path, step):
        super().__init__(name=f"snapshot-{step}", daemon=True)
        self.model = model
        self.optimizer = optimizer
        self.path = path
        self.step = step

    def run(self):
        tmp = self.path + ".partial"
        torch.save({"step": self.step, "model": self.model.state_dict(),
                    "optimizer": self.optimizer.state_dict()}, tmp)
        os.replace(tmp, self.path)


class Trainer:
    def __init__(self, out_dir, export_every=3):
        self.out_dir = out_dir
        self.export_every = export_every
        self.model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 1))
        self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self._exporter = None
        self.exported = []

    def _export(self, step):
        if self._exporter is not None and self._exporter.exitcode is None:
            return
        path = os.path.join(self.out_dir, f"snap_{step:05d}.pt")
        self._exporter = SnapshotExporter(self.model, self.opt, path, step)
        self._exporter.start()  # retain
        self.exported.append(path)

    def wait_for_exports(self, timeout=10.0):
        deadline = time.monotonic() + timeout
        while self._exporter is not None and self._exporter.exitcode is None:
            if time.monotonic() > deadline:
                raise TimeoutError("snapshot export did not finish")
            time.sleep(0.01)

    def fit(self, steps=7):
        for step in range(1, steps + 1):
            x = torch.randn(32, 10)
            loss = (self.model(x).squeeze(-1) - x[:, :3].sum(-1)).pow(2).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            if step % self.export_every == 0:
                self._export(step)
        self.wait_for_exports()
        return [p for p in self.exported if os.path.exists(p)]


def main():
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as out_dir:
        written = Trainer(out_dir).fit()
        latest = torch.load(written[-1])
        return latest["step"]


if __name__ == "__main__":
    main()
