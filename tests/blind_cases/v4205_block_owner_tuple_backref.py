"""Residual MLP stack with a linearly increasing stochastic-depth schedule owned by the stack."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ResidualBlock(nn.Module):
    def __init__(self, dim, index, mlp_ratio=2):
        super().__init__()
        self.index = index
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, dim * mlp_ratio)
        self.fc2 = nn.Linear(dim * mlp_ratio, dim)
        self._owner = None

    def bind(self, stack):
        self._owner = (stack,)  # cycle

    @property
    def owner(self):
        return self._owner[0] if self._owner else None

    def drop_path(self, y):
        p = self.owner.drop_prob(self.index) if (self.training and self.owner is not None) else 0.0
        if p == 0.0:
            return y
        keep = torch.rand(y.shape[0], *([1] * (y.dim() - 1))) >= p
        return y * keep / (1 - p)

    def forward(self, x):
        return x + self.drop_path(self.fc2(F.gelu(self.fc1(self.norm(x)))))


class ResidualStack(nn.Module):
    def __init__(self, dim, depth, drop_path_rate=0.1):
        super().__init__()
        self.drop_path_rate = drop_path_rate
        self.blocks = nn.ModuleList()  # cycle
        for i in range(depth):
            block = ResidualBlock(dim, i)
            block.bind(self)
            self.blocks.append(block)  # cycle

    def drop_prob(self, index):
        return self.drop_path_rate * index / max(len(self.blocks) - 1, 1)

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return x


class Regressor(nn.Module):
    def __init__(self, in_dim, dim, depth, drop_path_rate):
        super().__init__()
        self.inp = nn.Linear(in_dim, dim)
        self.trunk = ResidualStack(dim, depth, drop_path_rate)
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.trunk(self.inp(x))).squeeze(-1)


def trial(hparams, steps=4):
    torch.manual_seed(0)
    model = Regressor(6, hparams["dim"], hparams["depth"], hparams["drop_path"])
    opt = torch.optim.AdamW(model.parameters(), lr=hparams["lr"], weight_decay=0.05)
    w = torch.randn(6)
    for _ in range(steps):
        x = torch.randn(32, 6)
        loss = F.mse_loss(model(x), x @ w)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        x = torch.randn(64, 6)
        return F.mse_loss(model(x), x @ w).item()


def main():
    grid = [
        {"dim": 16, "depth": 2, "drop_path": 0.0, "lr": 3e-3},
        {"dim": 16, "depth": 4, "drop_path": 0.1, "lr": 3e-3},
        {"dim": 32, "depth": 3, "drop_path": 0.2, "lr": 1e-3},
    ]
    best = min(grid, key=trial)
    print("best:", best)


if __name__ == "__main__":
    main()
