"""Non-saturating GAN on a ring of Gaussians; each player owns its optimizer and the
param groups carry their own clipping budget."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "z_dim": 8, "hidden": 64, "steps": 6, "batch": 32,
    "g_opt": {"lr": 2e-4, "betas": (0.0, 0.99), "weight_decay": 0.0},
    "d_opt": {"lr": 4e-4, "betas": (0.0, 0.99), "weight_decay": 1e-4},
}


def build_adam(net, cfg):
    decay, no_decay = [], []
    for name, p in net.named_parameters():
        (no_decay if p.ndim < 2 or name.endswith(".bias") else decay).append(p)
    owner = type(net).__name__
    groups = [
        {"params": decay, "weight_decay": cfg["weight_decay"], "max_norm": net.max_grad_norm,
         "tag": f"{owner}/decay"},
        {"params": no_decay, "weight_decay": 0.0, "max_norm": net.max_grad_norm,
         "tag": f"{owner}/no_decay"},
    ]
    return torch.optim.Adam(groups, lr=cfg["lr"], betas=cfg["betas"])


class Player(nn.Module):
    max_grad_norm = 10.0

    def configure_optimizer(self, cfg):
        self.optimizer = build_adam(self, cfg)

    def update(self, loss):
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        norms = {}
        for group in self.optimizer.param_groups:
            norm = torch.nn.utils.clip_grad_norm_(group["params"], group["max_norm"])
            norms[group["tag"]] = float(norm)
        self.optimizer.step()
        return norms


class Generator(Player):
    max_grad_norm = 5.0

    def __init__(self, z_dim, hidden, out_dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, hidden), nn.LayerNorm(hidden), nn.LeakyReLU(0.2),
                                 nn.Linear(hidden, out_dim))

    def forward(self, z):
        return self.net(z)


class Discriminator(Player):
    def __init__(self, in_dim, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.LeakyReLU(0.2),
                                 nn.Linear(hidden, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x).squeeze(1)


def ring(n, modes=8, radius=2.0):
    k = torch.randint(0, modes, (n,)).float()
    angle = 2 * math.pi * k / modes
    return torch.stack([radius * torch.cos(angle), radius * torch.sin(angle)], 1) + 0.05 * torch.randn(n, 2)


def train(seed):
    torch.manual_seed(seed)
    G = Generator(CFG["z_dim"], CFG["hidden"], 2)
    D = Discriminator(2, CFG["hidden"])
    G.configure_optimizer(CFG["g_opt"])
    D.configure_optimizer(CFG["d_opt"])
    for step in range(CFG["steps"]):
        real = ring(CFG["batch"])
        fake = G(torch.randn(CFG["batch"], CFG["z_dim"]))
        d_loss = F.softplus(D(fake.detach())).mean() + F.softplus(-D(real)).mean()
        d_norms = D.update(d_loss)
        g_loss = F.softplus(-D(G(torch.randn(CFG["batch"], CFG["z_dim"])))).mean()
        g_norms = G.update(g_loss)
    print(f"seed {seed}: d={d_loss.item():.3f} g={g_loss.item():.3f}", {**d_norms, **g_norms})


def main():
    for seed in (0, 1):
        train(seed)


if __name__ == "__main__":
    main()
