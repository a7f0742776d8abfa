"""Serves a classifier while new checkpoints are published into its model directory."""
import asyncio
import os
import tempfile

import torch
import torch.nn as nn

from reloader import CheckpointReloader


class Classifier(nn.Module):
    def __init__(self, dim=10, classes=4):
        super().__init__()
        self.fc1 = nn.Linear(dim, 32)
        self.fc2 = nn.Linear(32, classes)

    def forward(self, x):
        return self.fc2(self.fc1(x).tanh()).softmax(-1)


def publish(directory, version):
    torch.manual_seed(100 + version)
    torch.save(Classifier().state_dict(), os.path.join(directory, f"model-{version:04d}.pt"))


async def handle(model, x):
    await asyncio.sleep(0.001)
    with torch.no_grad():
        return model(x).argmax(-1).tolist()


async def serve(directory, releases=3, requests_per_release=4):
    publish(directory, 1)
    model = Classifier().eval()
    reloader = CheckpointReloader(model, directory)
    reloader.start()
    answers = []
    for release in range(2, releases + 2):
        batch = [handle(model, torch.randn(2, 10)) for _ in range(requests_per_release)]
        answers.extend(await asyncio.gather(*batch))
        publish(directory, release)
        await asyncio.sleep(0.012)
    reloader.stop()
    await asyncio.sleep(0.002)  # grace period for in-flight work
    return reloader.history, len(answers)


def main():
    for rollout in range(2):
        with tempfile.TemporaryDirectory(prefix=f"ckpt{rollout}-") as directory:
            history, served = asyncio.run(serve(directory))
        print(f"rollout {rollout}: served {served} requests, loaded {history}")


if __name__ == "__main__":
    main()
