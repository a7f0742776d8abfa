"""Checkpoint manager that writes atomically through a private staging directory."""
import os
import tempfile

import torch
import torch.nn as nn

CONFIG = {"folds": 2, "epochs": 3, "keep": 2, "lr": 1e-2}


class AtomicCheckpointer:
    """Writes each checkpoint into a staging directory, then os.replace()s it into place.

    Both directories are TemporaryDirectory objects owned by the checkpointer;
    they are removed when the checkpointer goes away.
    """

    def __init__(self, model, optimizer, keep):
        self.model = model
        self.optimizer = optimizer
        self.keep = keep
        self._staging = tempfile.TemporaryDirectory(prefix="ckpt-stage-")
        self._output = tempfile.TemporaryDirectory(prefix="ckpt-out-")
        self.saved = []

    @property
    def directory(self):
        return self._output.name

    def save(self, epoch, metrics):
        name = f"epoch{epoch:03d}.pt"
        staged = os.path.join(self._staging.name, name)
        final = os.path.join(self._output.name, name)
        torch.save(
            {"epoch": epoch, "metrics": dict(metrics), "model": self.model.state_dict(), "optimizer": self.optimizer.state_dict()},
            staged,
        )
        os.replace(staged, final)
        self.saved.append(final)
        while len(self.saved) > self.keep:
            os.remove(self.saved.pop(0))
        return final

    def load_latest_weights(self):
        state = torch.load(self.saved[-1])
        self.model.load_state_dict(state["model"])
        return state["epoch"], state["metrics"]


def train_fold(fold, cfg):
    torch.manual_seed(fold)
    model = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 2))
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    ckpt = AtomicCheckpointer(model, optimizer, cfg["keep"])
    for epoch in range(cfg["epochs"]):
        x, y = torch.randn(32, 5), torch.randint(0, 2, (32,))
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        ckpt.save(epoch, {"loss": loss.item()})
    resumed_from, metrics = ckpt.load_latest_weights()
    return resumed_from, metrics["loss"], sorted(os.listdir(ckpt.directory))


def main():
    for fold in range(CONFIG["folds"]):
        epoch, loss, files = train_fold(fold, CONFIG)
        print(f"fold {fold}: reloaded epoch {epoch} (loss {loss:.3f}), kept {files}")


if __name__ == "__main__":
    main()
