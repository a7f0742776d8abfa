"""Sequence regression with an attention block whose gradients are probed."""
import torch
import torch.nn as nn

from attention import ProbedAttention


class Regressor(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.attn = ProbedAttention(dim)
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.attn(x).mean(1))


def main():
    model = Regressor(8)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(4):
        x = torch.randn(4, 6, 8)
        target = x.sum((1, 2)).unsqueeze(-1)
        loss = (model(x) - target).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("grad norms recorded:", len(model.attn.attn_grad_norms))


if __name__ == "__main__":
    main()
