"""Cross-validation driver: every fold trains a fresh regressor and keeps its best snapshots."""
import torch
import torch.nn as nn

from checkpointing import TopKCheckpoints

CONFIG = {
    "folds": 3,
    "epochs": 5,
    "batch_size": 16,
    "lr": 0.01,
    "keep": 2,
    "monitor": "val_loss",
}


class Regressor(nn.Module):
    def __init__(self, in_dim=8, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


def make_fold(fold, n=96, in_dim=8):
    g = torch.Generator().manual_seed(fold)
    x = torch.randn(n, in_dim, generator=g)
    w = torch.randn(in_dim, generator=g)
    y = x @ w + 0.1 * torch.randn(n, generator=g)
    split = int(0.75 * n)
    return (x[:split], y[:split]), (x[split:], y[split:])


@torch.no_grad()
def evaluate(model, x, y):
    model.eval()
    loss = nn.functional.mse_loss(model(x), y).item()
    model.train()
    return {"val_loss": loss}


def train_fold(fold, cfg):
    torch.manual_seed(fold)
    (xt, yt), (xv, yv) = make_fold(fold)
    model = Regressor()
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    keeper = TopKCheckpoints(monitor=cfg["monitor"], mode="min", k=cfg["keep"])
    for epoch in range(cfg["epochs"]):
        for i in range(0, len(xt), cfg["batch_size"]):
            xb, yb = xt[i:i + cfg["batch_size"]], yt[i:i + cfg["batch_size"]]
            loss = nn.functional.mse_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        keeper.update(epoch, evaluate(model, xv, yv), model)
    model.load_state_dict(keeper.best.state)
    return keeper.best.epoch, keeper.best.score


def main():
    results = [train_fold(fold, CONFIG) for fold in range(CONFIG["folds"])]
    mean = sum(score for _, score in results) / len(results)
    print(f"best epochs {[e for e, _ in results]}, mean val_loss {mean:.4f}")


if __name__ == "__main__":
    main()
