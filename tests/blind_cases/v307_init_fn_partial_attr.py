"""Transformer-ish block whose weight initializer is kept around for re-initialisation."""
from functools import partial

import torch
import torch.nn as nn


class MLPBlock(nn.Module):
    def __init__(self, dim=16, hidden=64, init_std=0.02):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)
        self.init_fn = partial(self._init_weights, std=init_std)  # cycle
        self.apply(self.init_fn)

    def _init_weights(self, m, std):
        if isinstance(m, nn.Linear):
            nn.init.trunc_normal_(m.weight, std=std)
            nn.init.zeros_(m.bias)

    def reset_parameters(self):
        self.apply(self.init_fn)

    def forward(self, x):
        return x + self.fc2(nn.functional.gelu(self.fc1(self.norm(x))))


def main():
    torch.manual_seed(0)
    data = torch.randn(32, 16)
    for restart in range(3):
        block = MLPBlock()
        opt = torch.optim.Adam(block.parameters(), lr=1e-3)
        for _ in range(3):
            loss = (block(data) - data.roll(1, 0)).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
