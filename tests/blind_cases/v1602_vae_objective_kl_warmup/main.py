"""Small variational autoencoder trained with a KL-annealed objective, one model per config."""
import torch
import torch.nn as nn

from losses import build_objective


class VAE(nn.Module):
    def __init__(self, dim, latent, cfg):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Linear(32, 2 * latent))
        self.decoder = nn.Sequential(nn.Linear(latent, 32), nn.ReLU(), nn.Linear(32, dim))
        self.kl_warmup_steps = cfg.get("kl_warmup_steps", 0)
        self.objective = build_objective(self, cfg)  # cycle

    def forward(self, x):
        mu, logvar = self.encoder(x).chunk(2, dim=-1)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        return {"recon": self.decoder(z), "mu": mu, "logvar": logvar}


CONFIGS = [
    {"beta": 1.0, "kl_warmup_steps": 4, "lr": 1e-3},
    {"beta": 0.5, "kl_warmup_steps": 8, "lr": 3e-3},
]


def train(cfg, steps=4):
    model = VAE(dim=20, latent=4, cfg=cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    history = []
    for step in range(steps):
        batch = torch.randn(16, 20)
        loss, parts = model.objective(model(batch), batch, step)
        opt.zero_grad()
        loss.backward()
        opt.step()
        history.append(parts)
    return history[-1]


def main():
    for cfg in CONFIGS:
        train(cfg)


if __name__ == "__main__":
    main()
