"""Fine-tune a tiny transformer classifier with LLRD and gradual unfreezing."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from freezing import GradualUnfreezer
from layerwise import build_param_groups, optimizer_groups

CONFIG = {"dim": 16, "depth": 3, "classes": 4, "base_lr": 3e-3, "layer_decay": 0.65,
          "weight_decay": 0.05, "epochs": 3, "steps": 4}


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class TinyEncoder(nn.Module):
    def __init__(self, dim, depth, classes):
        super().__init__()
        self.embed = nn.Linear(8, dim)
        self.blocks = nn.ModuleList(Block(dim) for _ in range(depth))
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        h = self.embed(x)
        for blk in self.blocks:
            h = blk(h)
        return self.head(h.mean(1))


def finetune(cfg):
    model = TinyEncoder(cfg["dim"], cfg["depth"], cfg["classes"])
    layer_groups = build_param_groups(model, cfg["base_lr"], cfg["layer_decay"],
                                      cfg["weight_decay"], cfg["depth"])
    opt = torch.optim.AdamW(optimizer_groups(layer_groups))
    unfreezer = GradualUnfreezer(layer_groups)
    for epoch in range(cfg["epochs"]):
        active = unfreezer.apply(epoch)
        for _ in range(cfg["steps"]):
            x, y = torch.randn(8, 5, 8), torch.randint(0, cfg["classes"], (8,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: {active} active groups, loss {loss.item():.3f}")


def main():
    torch.manual_seed(0)
    finetune(CONFIG)


if __name__ == "__main__":
    main()
