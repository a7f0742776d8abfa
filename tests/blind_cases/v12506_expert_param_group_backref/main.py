"""Sequence classifier with two MoE layers: per-expert LR follows routing load,
and experts that receive almost no tokens are pruned after each epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from moe import MoELayer
from optim_groups import build_param_groups, rescale_expert_lr

CONFIG = {"d_in": 12, "d_model": 24, "d_ff": 48, "num_experts": 6, "num_classes": 3,
          "base_lr": 3e-3, "expert_lr_scale": 0.5, "min_share": 0.08,
          "epochs": 2, "steps": 4, "batch": 32}


class MoEClassifier(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.inp = nn.Linear(cfg["d_in"], cfg["d_model"])
        self.moe1 = MoELayer("moe1", cfg["d_model"], cfg["d_ff"], cfg["num_experts"])
        self.moe2 = MoELayer("moe2", cfg["d_model"], cfg["d_ff"], cfg["num_experts"])
        self.head = nn.Linear(cfg["d_model"], cfg["num_classes"])

    def moe_layers(self):
        return [self.moe1, self.moe2]

    def forward(self, x):
        return self.head(self.moe2(self.moe1(torch.tanh(self.inp(x)))))


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = MoEClassifier(cfg)
    groups = build_param_groups(model, cfg["base_lr"], cfg["expert_lr_scale"])
    opt = torch.optim.Adam(groups, lr=cfg["base_lr"])  # cycle
    for layer in model.moe_layers():
        layer.attach_optimizer(opt)
    w_true = torch.randn(cfg["d_in"], cfg["num_classes"])
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            x = torch.randn(cfg["batch"], cfg["d_in"])
            loss = F.cross_entropy(model(x), (x @ w_true).argmax(-1))
            opt.zero_grad()
            loss.backward()
            opt.step()
            rescale_expert_lr(opt, cfg["base_lr"], cfg["expert_lr_scale"])
        pruned = {layer.name: layer.prune_experts(cfg["min_share"]) for layer in model.moe_layers()}
        print(f"epoch {epoch}: loss {loss.item():.3f} pruned {pruned} groups {len(opt.param_groups)}")


if __name__ == "__main__":
    main()
