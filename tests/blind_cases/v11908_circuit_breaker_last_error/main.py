"""Autoencoder training that streams metrics to a remote sink behind a circuit breaker."""
import torch
import torch.nn as nn

from breaker import breaker, status

CONFIG = {"epochs": 2, "steps": 5, "batch": 16, "dim": 24, "latent": 6, "lr": 2e-3,
          "sink": {"name": "metric-sink", "threshold": 3, "cooldown": 0.05}}


class FlakySink:
    """Stand-in for an HTTP metric endpoint that drops some requests."""

    def __init__(self):
        self.calls = 0
        self.received = []

    def push(self, step, metrics):
        self.calls += 1
        if self.calls % 3 == 2:
            raise ConnectionError(f"metric sink unavailable (step {step})")
        self.received.append((step, metrics))


class AETrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        d, z = cfg["dim"], cfg["latent"]
        self.model = nn.Sequential(nn.Linear(d, 32), nn.ReLU(), nn.Linear(32, z), nn.Linear(z, d))
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=cfg["lr"])
        self.sink = FlakySink()
        self.step = 0

    def fit(self):
        sink_cfg = self.cfg["sink"]
        guard = breaker(sink_cfg["name"], threshold=sink_cfg["threshold"], cooldown=sink_cfg["cooldown"])
        for epoch in range(self.cfg["epochs"]):
            for _ in range(self.cfg["steps"]):
                x = torch.randn(self.cfg["batch"], self.cfg["dim"])
                recon = self.model(x)
                loss = nn.functional.mse_loss(recon, x)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                self.step += 1
                if guard.allow():
                    with guard:
                        self.sink.push(self.step, {"loss": loss.item(), "epoch": epoch})
        return len(self.sink.received)


def main():
    delivered = AETrainer(CONFIG).fit()
    print(f"delivered {delivered} metric records; breakers: {status()}")


if __name__ == "__main__":
    main()
