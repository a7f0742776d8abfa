"""Autoencoder run that records which C functions dominate each epoch."""
import torch
import torch.nn as nn

import opstats

SETTINGS = {"dim": 24, "code": 6, "epochs": 3, "steps": 4, "batch": 32, "lr": 2e-3,
            "noise": 0.05}


class DenoisingAE(nn.Module):
    def __init__(self, dim, code):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, 16), nn.SiLU(), nn.Linear(16, code))
        self.decoder = nn.Sequential(nn.Linear(code, 16), nn.SiLU(), nn.Linear(16, dim))

    def forward(self, x):
        return self.decoder(self.encoder(x))


def train_epoch(model, optimizer, settings):
    total = 0.0
    for _ in range(settings["steps"]):
        clean = torch.randn(settings["batch"], settings["dim"])
        noisy = clean + settings["noise"] * torch.randn_like(clean)
        recon = model(noisy)
        loss = (recon - clean).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item()
    return total / settings["steps"]


def main():
    settings = dict(SETTINGS)
    model = DenoisingAE(settings["dim"], settings["code"])
    optimizer = torch.optim.Adam(model.parameters(), lr=settings["lr"])
    for epoch in range(settings["epochs"]):
        with opstats.C_CALLS.recording():
            avg = train_epoch(model, optimizer, settings)
        hottest = ", ".join(f"{name}={sec * 1e3:.1f}ms" for name, sec in opstats.C_CALLS.top(3))
        print(f"epoch {epoch}: loss {avg:.4f} | {hottest}")


if __name__ == "__main__":
    main()
