"""Rank sweep for LoRA fine-tuning of a pretrained backbone on a small classification task."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from lora import get_peft_model
from zoo import load_pretrained

SWEEP = {"backbone": "mlp-mini", "ranks": [2, 4, 8], "steps": 4, "num_classes": 3}


class TaskModel(nn.Module):
    def __init__(self, backbone, num_classes):
        super().__init__()
        self.backbone = backbone
        self.classifier = nn.Linear(backbone.out_dim, num_classes)

    def forward(self, x):
        return self.classifier(self.backbone(x))


def count_trainable(model):
    return sum(p.numel() for p in model.parameters() if p.requires_grad)


def run_trial(rank, cfg):
    backbone = get_peft_model(load_pretrained(cfg["backbone"]), rank=rank)
    model = TaskModel(backbone, cfg["num_classes"])
    opt = torch.optim.Adam([p for p in model.parameters() if p.requires_grad], lr=1e-2)
    model.train()
    for _ in range(cfg["steps"]):
        x, y = torch.randn(16, 12), torch.randint(0, cfg["num_classes"], (16,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        x, y = torch.randn(32, 12), torch.randint(0, cfg["num_classes"], (32,))
        acc = (model(x).argmax(-1) == y).float().mean().item()
    return {"rank": rank, "trainable": count_trainable(model), "acc": acc}


def main():
    results = [run_trial(rank, SWEEP) for rank in SWEEP["ranks"]]
    best = max(results, key=lambda r: r["acc"])
    assert best["rank"] in SWEEP["ranks"]


if __name__ == "__main__":
    main()
