"""Autoencoder trainer whose step runs under an anomaly-detection guard in debug runs."""
import torch
import torch.nn as nn

from guards import AnomalyGuard

RUNS = [
    {"name": "debug", "detect_anomaly": True, "lr": 0.01, "steps": 3},
    {"name": "fast", "detect_anomaly": False, "lr": 0.02, "steps": 3},
]


class AutoEncoder(nn.Module):
    def __init__(self, dim=16, code=4):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(dim, 12), nn.ReLU(), nn.Linear(12, code))
        self.dec = nn.Sequential(nn.Linear(code, 12), nn.ReLU(), nn.Linear(12, dim))

    def forward(self, x):
        return self.dec(self.enc(x))


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
        self.guard = AnomalyGuard(model.parameters, enabled=cfg["detect_anomaly"])
        self.train_step = self.guard(self._train_step)  # cycle
        self.history = []

    def _train_step(self, batch):
        recon = self.model(batch)
        loss = nn.functional.mse_loss(recon, batch)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    def fit(self, data):
        for batch in data:
            self.history.append(self.train_step(batch))
        return {"final": self.history[-1], "calls": self.guard.calls,
                "nonfinite": self.guard.nonfinite_steps}


def main():
    for cfg in RUNS:
        data = [torch.randn(8, 16) for _ in range(cfg["steps"])]
        Trainer(AutoEncoder(), cfg).fit(data)


if __name__ == "__main__":
    main()
