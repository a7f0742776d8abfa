"""K-fold cross-validation of a small regressor; step closures are timed per fold."""
import torch
import torch.nn as nn

from stopwatch import FORCED_WATCH, GLOBAL_WATCH

CV = {"folds": 3, "epochs": 2, "n": 60, "features": 5, "lr": 0.02, "weight_decay": 1e-4}


def make_data(cfg):
    g = torch.Generator().manual_seed(0)
    x = torch.randn(cfg["n"], cfg["features"], generator=g)
    y = torch.sin(x[:, :1]) + 0.5 * x[:, 1:2]
    return x, y


def build_steps(model, optimizer):
    @GLOBAL_WATCH.wrap("fit_fold_epoch")
    def fit_epoch(x, y):
        for xb, yb in zip(x.split(10), y.split(10)):
            loss = nn.functional.mse_loss(model(xb), yb)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        return loss.item()

    @FORCED_WATCH.wrap("score_fold")
    @torch.no_grad()
    def score(x, y):
        return nn.functional.mse_loss(model(x), y).item()

    return fit_epoch, score


def main():
    cfg = dict(CV)
    x, y = make_data(cfg)
    folds = torch.arange(cfg["n"]) % cfg["folds"]
    scores = []
    for k in range(cfg["folds"]):
        train, held = folds != k, folds == k
        model = nn.Sequential(nn.Linear(cfg["features"], 16), nn.Tanh(), nn.Linear(16, 1))
        optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
        fit_epoch, score = build_steps(model, optimizer)
        for _ in range(cfg["epochs"]):
            fit_epoch(x[train], y[train])
        scores.append(score(x[held], y[held]))
    print("fold mse:", [round(s, 3) for s in scores], "timing:", FORCED_WATCH.table())


if __name__ == "__main__":
    main()
