"""K-fold training of a small regressor with the bf16 autocast plugin attached per fold."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from precision import Bf16AutocastPlugin

CFG = {"folds": 2, "epochs": 2, "steps": 3, "in_dim": 12, "hidden": 32, "lr": 1e-2}


def make_model(cfg):
    return nn.Sequential(
        nn.Linear(cfg["in_dim"], cfg["hidden"]), nn.SiLU(),
        nn.Linear(cfg["hidden"], cfg["hidden"]), nn.SiLU(),
        nn.Linear(cfg["hidden"], 1),
    )


def fit_fold(fold, cfg):
    torch.manual_seed(fold)
    model = make_model(cfg)
    plugin = Bf16AutocastPlugin()
    plugin.connect(model)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    for _ in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            x = torch.randn(16, cfg["in_dim"])
            y = x[:, :1] * 0.5 - x[:, 1:2]
            loss = F.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        vx = torch.randn(32, cfg["in_dim"])
        val = F.mse_loss(model(vx), vx[:, :1] * 0.5 - vx[:, 1:2]).item()
    plugin.disconnect()
    return val


def main():
    scores = [fit_fold(k, CFG) for k in range(CFG["folds"])]
    return sum(scores) / len(scores)


if __name__ == "__main__":
    main()
