"""Architecture ablation: each variant is built from a config, trained briefly and scored."""
import torch
import torch.nn as nn

from models import REGISTRY

ABLATION = [
    {"arch": "residual", "dim": 16, "depth": 2},
    {"arch": "gated", "dim": 16, "depth": 2},
    {"arch": "residual", "dim": 16, "depth": 3},
]


def build_model(cfg):
    model_cls = REGISTRY[cfg["arch"]]
    model = model_cls(cfg["dim"], cfg["depth"])
    for p in model.parameters():
        if p.dim() > 1:
            nn.init.xavier_uniform_(p)
    return model


def evaluate(cfg, steps=4):
    torch.manual_seed(0)
    model = build_model(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(steps):
        x = torch.randn(32, cfg["dim"])
        y = x.pow(2).mean(1, keepdim=True)
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    if not torch.isfinite(loss):
        print("diverged:", model.origin())
    return loss.item()


def main():
    for cfg in ABLATION:
        print(cfg["arch"], cfg["depth"], round(evaluate(cfg), 4))


if __name__ == "__main__":
    main()
