"""Trains two MLP variants whose activations are custom autograd Functions."""
import torch
import torch.nn as nn

from ops import ACTIVATIONS


class Block(nn.Module):
    def __init__(self, dim, act):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)
        self.act = ACTIVATIONS[act]

    def forward(self, x):
        return x + self.act(self.norm(self.fc(x)))


class MLP(nn.Module):
    def __init__(self, dim=16, depth=2, act="scaled_tanh"):
        super().__init__()
        self.blocks = nn.ModuleList(Block(dim, act) for _ in range(depth))
        self.head = nn.Linear(dim, 1)

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return self.head(x)


def train(act, steps=3):
    model = MLP(act=act)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for _ in range(steps):
        x = torch.randn(32, 16)
        y = x[:, :4].sum(1, keepdim=True)
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    results = {act: train(act) for act in ("squared_relu", "scaled_tanh")}
    assert all(v == v for v in results.values())


if __name__ == "__main__":
    main()
