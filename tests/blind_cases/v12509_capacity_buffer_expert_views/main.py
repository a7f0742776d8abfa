"""Patch-sequence regressor with one MoE block, trained for a few steps and
then evaluated once with gradients enabled for a saliency check."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from moe_block import MoEBlock

CONFIG = {"patches": 16, "patch_dim": 12, "d_model": 24, "d_ff": 48, "num_experts": 4,
          "batch": 6, "steps": 4, "aux_coef": 0.01, "lr": 2e-3}


class PatchRegressor(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.proj = nn.Linear(cfg["patch_dim"], cfg["d_model"])
        self.moe = MoEBlock(cfg["d_model"], cfg["d_ff"], cfg["num_experts"])
        self.head = nn.Linear(cfg["d_model"], 1)

    def forward(self, patches):
        h, aux = self.moe(self.proj(patches))
        return self.head(h.mean(1)).squeeze(-1), aux


def make_batch(cfg):
    patches = torch.randn(cfg["batch"], cfg["patches"], cfg["patch_dim"])
    return patches, patches[..., 0].mean(1) - patches[..., 1].abs().mean(1)


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = PatchRegressor(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        patches, target = make_batch(cfg)
        pred, aux = model(patches)
        loss = F.mse_loss(pred, target) + cfg["aux_coef"] * aux
        opt.zero_grad()
        loss.backward()
        opt.step()
    patches, target = make_batch(cfg)
    patches.requires_grad_(True)
    pred, _ = model(patches)
    saliency, = torch.autograd.grad(pred.sum(), patches)
    print(f"loss {loss.item():.4f}  saliency norm {saliency.norm().item():.4f}")


if __name__ == "__main__":
    main()
