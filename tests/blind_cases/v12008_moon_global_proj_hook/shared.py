"""Server-side state shared by the simulated clients (single-process simulation)."""
import torch
import torch.nn as nn


class MoonNet(nn.Module):
    def __init__(self, in_dim=16, hidden=32, proj_dim=8, num_classes=4):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU())
        self.proj = nn.Linear(hidden, proj_dim)
        self.head = nn.Linear(proj_dim, num_classes)

    def forward(self, x):
        z = self.proj(self.encoder(x))
        return self.head(z), z


GLOBAL_MODEL = MoonNet()


def global_state():
    return {k: v.detach().clone() for k, v in GLOBAL_MODEL.state_dict().items()}


@torch.no_grad()
def apply_average(states, weights):
    total = float(sum(weights))
    avg = {k: sum(s[k] * (w / total) for s, w in zip(states, weights)) for k in states[0]}
    GLOBAL_MODEL.load_state_dict(avg)
