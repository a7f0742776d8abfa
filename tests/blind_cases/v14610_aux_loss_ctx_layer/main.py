"""Regression with a stack of residual MoE blocks; expert output scale is monitored per block."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from moe import Top2MoE

CFG = {"in_dim": 8, "d_model": 16, "hidden": 32, "num_experts": 4, "blocks": 2, "steps": 5, "batch": 32}


class Regressor(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Linear(cfg["in_dim"], cfg["d_model"])
        self.blocks = nn.ModuleList(
            Top2MoE(cfg["d_model"], cfg["hidden"], cfg["num_experts"]) for _ in range(cfg["blocks"]))
        self.out = nn.Linear(cfg["d_model"], 1)

    def forward(self, x):
        h = self.embed(x)
        for block in self.blocks:
            h = h + block(h)
        return self.out(h).squeeze(-1)


def target(x):
    return torch.sin(x[:, 0]) + x[:, 1] * x[:, 2]


def main():
    torch.manual_seed(0)
    model = Regressor(CFG)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(CFG["steps"]):
        x = torch.randn(CFG["batch"], CFG["in_dim"])
        loss = F.mse_loss(model(x), target(x))
        opt.zero_grad()
        loss.backward()
        opt.step()
        rms = [round(b.output_rms(), 3) for b in model.blocks]
        print(f"step {step} mse {loss.item():.4f} expert rms {rms}")
    calls = sum(b.aux_backward_calls for b in model.blocks)
    print(f"aux gradients injected {calls} times")


if __name__ == "__main__":
    main()
