"""Small denoising autoencoder trained for several tracked projects."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from metrics import log_metrics, watch_model
from tracking import OfflineTracking

RUNS = [
    {"project": "dae-baseline", "noise": 0.1, "lr": 1e-2},
    {"project": "DAE heavy noise", "noise": 0.4, "lr": 1e-2},
    {"project": "dae-lowlr", "noise": 0.1, "lr": 3e-3},
]


class DenoisingAE(nn.Module):
    def __init__(self, dim=24, code=6):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, code))
        self.decoder = nn.Sequential(nn.Linear(code, 16), nn.ReLU(), nn.Linear(16, dim))

    def forward(self, x):
        return self.decoder(self.encoder(x))


def train(cfg, steps=6):
    model = DenoisingAE()
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    watch_model(model)
    for step in range(steps):
        clean = torch.randn(32, 24)
        noisy = clean + cfg["noise"] * torch.randn_like(clean)
        loss = F.mse_loss(model(noisy), clean)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        log_metrics(step, loss=loss.detach())
    return loss.item()


def main():
    finals = {}
    for cfg in RUNS:
        try:
            with OfflineTracking(cfg["project"], cfg) as run:
                finals[cfg["project"]] = train(cfg)
                print(f"{run.project}: {len(run.history)} records")
        except ValueError as err:
            print(f"tracking disabled ({err}); training untracked")
            finals[cfg["project"]] = train(cfg)
    print({k: round(v, 4) for k, v in finals.items()})


if __name__ == "__main__":
    main()
