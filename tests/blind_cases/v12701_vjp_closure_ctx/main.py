"""Regression MLP that uses the custom_vjp activations."""
import torch
import torch.nn as nn

from activations import soft_clip, squareplus

CONFIG = {
    "in_dim": 10,
    "hidden": 32,
    "squareplus_b": 4.0,
    "clip": 3.0,
    "epochs": 2,
    "batches": 4,
    "batch_size": 16,
    "lr": 1e-2,
}


class SquareplusMLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.fc1 = nn.Linear(cfg["in_dim"], cfg["hidden"])
        self.fc2 = nn.Linear(cfg["hidden"], cfg["hidden"])
        self.out = nn.Linear(cfg["hidden"], 1)
        self.b = cfg["squareplus_b"]
        self.clip = cfg["clip"]

    def forward(self, x):
        h = squareplus(self.fc1(x), self.b)
        h = squareplus(self.fc2(h), self.b)
        return soft_clip(self.out(h), self.clip)


def make_batches(cfg, generator):
    for _ in range(cfg["batches"]):
        x = torch.randn(cfg["batch_size"], cfg["in_dim"], generator=generator)
        y = x[:, :3].sum(dim=1, keepdim=True).tanh() * 2
        yield x, y


def train(cfg):
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(1)
    model = SquareplusMLP(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    history = []
    for epoch in range(cfg["epochs"]):
        total = 0.0
        for x, y in make_batches(cfg, gen):
            loss = nn.functional.smooth_l1_loss(model(x), y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            total += loss.item()
        history.append(total / cfg["batches"])
    return history


def main():
    history = train(CONFIG)
    print("epoch losses:", ", ".join(f"{v:.4f}" for v in history))


if __name__ == "__main__":
    main()
