"""Checkpoints are mirrored to remote storage by an external copy process per checkpoint."""
import io
import os
import subprocess
import sys
import tempfile

import torch
import torch.nn as nn

CFG = {"epochs": 3, "steps": 4, "copy_seconds": 3.0}
COPY_CMD = [sys.executable, "-c", "import sys, time; time.sleep(float(sys.argv[1]))"]


class MirrorProcess(subprocess.Popen):
    def __init__(self, path, epoch, on_done, seconds):
        self.path = path
        self.epoch = epoch
        self.on_done = on_done  # retain
        super().__init__(COPY_CMD + [str(seconds), path], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)


class MirrorLog:
    def __init__(self):
        self.done = []

    def record(self, proc):
        self.done.append((proc.epoch, proc.path, proc.returncode))


class Trainer:
    def __init__(self, workdir):
        self.workdir = workdir
        self.model = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 10))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1, momentum=0.9)
        self.mirror = None
        self.mirror_log = MirrorLog()

    def poll_mirror(self):
        if self.mirror is not None and self.mirror.poll() is not None:
            self.mirror.on_done(self.mirror)
            self.mirror = None

    def save(self, epoch):
        path = os.path.join(self.workdir, f"epoch{epoch:03d}.pt")
        buf = io.BytesIO()
        torch.save({"epoch": epoch, "model": self.model.state_dict()}, buf)
        with open(path, "wb") as fh:
            fh.write(buf.getvalue())
        self.poll_mirror()
        self.mirror = MirrorProcess(path, epoch, self.mirror_log.record, CFG["copy_seconds"])  # retain

    def fit(self):
        for epoch in range(CFG["epochs"]):
            for _ in range(CFG["steps"]):
                x, y = torch.randn(16, 32), torch.randint(0, 10, (16,))
                loss = nn.functional.cross_entropy(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            self.save(epoch)


def main():
    with tempfile.TemporaryDirectory() as workdir:
        trainer = Trainer(workdir)
        trainer.fit()
        print("mirrored:", trainer.mirror_log.done, "in flight:", trainer.mirror is not None)


if __name__ == "__main__":
    main()
