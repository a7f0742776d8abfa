"""Noise-regularized warm-up: an input-noise hook on the encoder for the first epoch only."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from hooks import InputNoiseHook, add_hook_to_module, remove_hook_from_module

SCHEDULE = {"epochs": 3, "warmup_epochs": 1, "noise_std": 0.1, "batches": 3}


class Encoder(nn.Module):
    def __init__(self, in_dim=12, dim=32):
        super().__init__()
        self.proj = nn.Linear(in_dim, dim)
        self.mix = nn.Sequential(nn.GELU(), nn.Linear(dim, dim), nn.LayerNorm(dim))

    def forward(self, x):
        return self.mix(self.proj(x))


class Model(nn.Module):
    def __init__(self, num_classes=4):
        super().__init__()
        self.encoder = Encoder()
        self.head = nn.Linear(32, num_classes)

    def forward(self, x):
        return self.head(self.encoder(x))


def train(seed, cfg):
    torch.manual_seed(seed)
    model = Model()
    noise = InputNoiseHook(cfg["noise_std"])
    add_hook_to_module(model.encoder, noise)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(cfg["epochs"]):
        if epoch == cfg["warmup_epochs"]:
            remove_hook_from_module(model, recurse=True)
        model.train()
        for _ in range(cfg["batches"]):
            x, y = torch.randn(16, 12), torch.randint(0, 4, (16,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    assert "forward" not in vars(model.encoder)
    return noise.calls


def main():
    for seed in range(3):
        train(seed, SCHEDULE)


if __name__ == "__main__":
    main()
