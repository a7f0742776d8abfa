"""Training job that checkpoints every few steps to local disk and to a (mis-configured) mirror."""
import os
import tempfile

import torch
import torch.nn as nn

from checkpointing import AsyncCheckpointer

JOB = {"steps": 6, "ckpt_every": 3, "lr": 0.02, "mirror_subdir": "nfs/mirror"}


class ConvNet(nn.Module):
    def __init__(self, channels=8, classes=4):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, channels, 3, padding=1), nn.ReLU(),
                                      nn.AdaptiveAvgPool2d(2))
        self.head = nn.Linear(channels * 4, classes)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


def train_job(root, job):
    model = ConvNet()
    optimizer = torch.optim.SGD(model.parameters(), lr=job["lr"], momentum=0.9)
    ckpt = AsyncCheckpointer(os.path.join(root, "local"),
                             mirror=os.path.join(root, job["mirror_subdir"]))
    os.makedirs(ckpt.directory, exist_ok=True)
    for step in range(1, job["steps"] + 1):
        x, y = torch.randn(8, 1, 8, 8), torch.randint(0, 4, (8,))
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % job["ckpt_every"] == 0:
            ckpt.save(model, optimizer, step)
    ckpt.close()
    return {"written": len(ckpt.written), "failed": ckpt.failures}


def main():
    with tempfile.TemporaryDirectory() as root:
        for attempt in range(2):
            print("attempt", attempt, train_job(root, JOB))


if __name__ == "__main__":
    main()
