"""Small hyper-parameter sweep; every run is watched by a liveness heartbeat."""
import torch
import torch.nn as nn

from heartbeat import Heartbeat
from steps import evaluate, train_step

CONFIG = {
    "runs": [{"lr": 3e-3, "width": 32}, {"lr": 1e-3, "width": 64}],
    "epochs": 2,
    "batches_per_epoch": 4,
    "batch_size": 16,
    "features": 12,
    "classes": 3,
}


class Trainer:
    def __init__(self, run_cfg, cfg):
        width = run_cfg["width"]
        self.cfg = cfg
        self.model = nn.Sequential(
            nn.Linear(cfg["features"], width), nn.GELU(), nn.Linear(width, cfg["classes"])
        )
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=run_cfg["lr"])
        self.stalls = []
        self.losses = []

    def on_stall(self, idle, last_phase):
        self.stalls.append((round(idle, 2), last_phase))

    def _batch(self, n):
        x = torch.randn(n, self.cfg["features"])
        y = torch.randint(0, self.cfg["classes"], (n,))
        return x, y

    def fit(self):
        heartbeat = Heartbeat(self.on_stall)
        heartbeat.start()
        try:
            for epoch in range(self.cfg["epochs"]):
                for step in range(self.cfg["batches_per_epoch"]):
                    x, y = self._batch(self.cfg["batch_size"])
                    self.losses.append(train_step(self.model, self.optimizer, x, y, step))
                acc = evaluate(self.model, *self._batch(64))
        finally:
            heartbeat.stop()
        return {"final_loss": self.losses[-1], "val_acc": acc, "beats": heartbeat.beats}


def main():
    results = []
    for run_cfg in CONFIG["runs"]:
        trainer = Trainer(run_cfg, CONFIG)
        results.append(trainer.fit())
    best = max(results, key=lambda r: r["val_acc"])
    print("best run:", best)


if __name__ == "__main__":
    main()
