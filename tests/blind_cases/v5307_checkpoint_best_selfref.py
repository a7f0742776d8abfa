"""Epoch checkpoints serialized in memory; every payload also carries the best checkpoint so far."""
import collections
import io
import math

import torch
import torch.nn as nn

CONFIG = {"epochs": 5, "keep_last": 2, "lr": 0.05, "batches": 3}


class Snapshot(dict):
    """A checkpoint payload: a plain dict for torch.save, with attribute-style accessors."""

    @property
    def epoch(self):
        return self["epoch"]

    @property
    def score(self):
        return self["score"]

    @property
    def best(self):
        return self["best"]


class CheckpointManager:
    """Serializes a payload per epoch and keeps the last `keep_last` blobs.

    Each payload has a "best" entry so that resuming from the latest blob also
    restores the best weights and score without reading older files.
    """

    def __init__(self, keep_last):
        self.blobs = collections.deque(maxlen=keep_last)
        self.best_score = math.inf
        self.best_epoch = None
        self.latest = None

    def save(self, epoch, score, model, optimizer):
        payload = Snapshot(
            epoch=epoch,
            score=score,
            model=model.state_dict(),
            optimizer=optimizer.state_dict(),
        )
        if score < self.best_score:
            self.best_score, self.best_epoch = score, epoch
            payload["best"] = payload  # cycle
        else:
            payload["best"] = self.latest.best
        buf = io.BytesIO()
        torch.save(payload, buf)
        self.blobs.append((epoch, buf.getvalue()))
        self.latest = payload
        return len(self.blobs[-1][1])

    def resume_best(self, model):
        epoch, blob = self.blobs[-1]
        payload = torch.load(io.BytesIO(blob))
        best = payload["best"]
        model.load_state_dict(best["model"])
        return best["epoch"]


def evaluate(model, x, y):
    model.eval()
    with torch.no_grad():
        return nn.functional.binary_cross_entropy_with_logits(model(x), y).item()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 24), nn.ReLU(), nn.Linear(24, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=CONFIG["lr"], momentum=0.9)
    manager = CheckpointManager(CONFIG["keep_last"])
    x_val = torch.randn(40, 8)
    y_val = (x_val[:, :2].sum(dim=1, keepdim=True) > 0).float()
    for epoch in range(CONFIG["epochs"]):
        model.train()
        for _ in range(CONFIG["batches"]):
            x = torch.randn(16, 8)
            y = (x[:, :2].sum(dim=1, keepdim=True) > 0).float()
            loss = nn.functional.binary_cross_entropy_with_logits(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        score = evaluate(model, x_val, y_val)
        size = manager.save(epoch, score, model, optimizer)
        print(f"epoch {epoch}: val loss {score:.3f}, checkpoint {size} bytes")
    best_epoch = manager.resume_best(model)
    print(f"restored best weights from epoch {best_epoch}: val loss {evaluate(model, x_val, y_val):.3f}")


if __name__ == "__main__":
    main()
