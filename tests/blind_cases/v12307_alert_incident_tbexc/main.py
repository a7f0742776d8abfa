"""Regression training that routes metric alerts into the dashboard's incident log."""
import torch
import torch.nn as nn

import alerts

CONFIG = {"epochs": 3, "steps": 6, "lr": 0.05, "scale": 3.0, "seed": 7, "clip": 5.0}


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 1))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"])
        self.step = 0
        self.clipped = 0

    def batch(self):
        x = torch.randn(32, 10)
        return x, self.cfg["scale"] * x[:, :3].sum(1, keepdim=True)

    def fit(self):
        for epoch in range(self.cfg["epochs"]):
            for _ in range(self.cfg["steps"]):
                x, y = self.batch()
                loss = nn.functional.mse_loss(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                grad_norm = nn.utils.clip_grad_norm_(self.model.parameters(), 1e9)
                self.step += 1
                try:
                    alerts.evaluate({"loss": loss, "grad_norm": grad_norm}, self.step)
                except alerts.AlertFired:
                    if alerts.record_current_incident() == "critical":
                        nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg["clip"])
                        self.clipped += 1
                self.opt.step()
            print(f"epoch {epoch} loss {loss.item():.3f} clipped {self.clipped}")


def main():
    torch.manual_seed(CONFIG["seed"])
    trainer = Trainer(CONFIG)
    trainer.fit()
    print(alerts.render_incidents())


if __name__ == "__main__":
    main()
