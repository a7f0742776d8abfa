"""Train a tiny MoE regressor and report how evenly tokens were routed."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from moe import Top1Router


class MoERegressor(nn.Module):
    def __init__(self, dim=8, n_experts=4):
        super().__init__()
        self.inp = nn.Linear(3, dim)
        self.moe = Top1Router(dim, n_experts, hidden=16)
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        h = F.relu(self.inp(x))
        h2, aux = self.moe(h)
        return self.out(h + h2), aux


def train(n_experts, steps=4, aux_weight=0.01):
    model = MoERegressor(n_experts=n_experts)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(steps):
        x = torch.randn(32, 3)
        y = torch.sin(x).sum(1, keepdim=True)
        pred, aux = model(x)
        loss = F.mse_loss(pred, y) + aux_weight * aux
        opt.zero_grad()
        loss.backward()
        opt.step()
    total = sum(model.moe.load)
    return loss.item(), [round(l / total, 2) for l in model.moe.load]


def main():
    for n in (2, 4):
        loss, balance = train(n)
        print("experts=%d loss=%.3f balance=%s" % (n, loss, balance))


if __name__ == "__main__":
    main()
