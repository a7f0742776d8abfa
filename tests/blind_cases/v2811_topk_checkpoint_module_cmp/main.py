"""Hyper-parameter sweep: each width trains a fresh classifier and keeps its two best snapshots."""
import torch
import torch.nn as nn

from checkpointing import TopKCheckpoints

SWEEP = [{"hidden": 16, "lr": 0.1}, {"hidden": 32, "lr": 0.05}, {"hidden": 64, "lr": 0.05}]
EPOCHS = 5
KEEP = 2


def make_data(seed, n=120, in_dim=10, classes=3):
    g = torch.Generator().manual_seed(seed)
    centers = 2.0 * torch.randn(classes, in_dim, generator=g)
    y = torch.randint(0, classes, (n,), generator=g)
    x = centers[y] + torch.randn(n, in_dim, generator=g)
    split = int(0.8 * n)
    return (x[:split], y[:split]), (x[split:], y[split:])


def build_model(hidden, in_dim=10, classes=3):
    return nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, classes))


@torch.no_grad()
def validate(model, x, y):
    model.eval()
    logits = model(x)
    metrics = {
        "val_acc": (logits.argmax(-1) == y).float().mean().item(),
        "val_loss": nn.functional.cross_entropy(logits, y).item(),
    }
    model.train()
    return metrics


def run_trial(trial, params):
    torch.manual_seed(trial)
    (xt, yt), (xv, yv) = make_data(trial)
    model = build_model(params["hidden"])
    opt = torch.optim.SGD(model.parameters(), lr=params["lr"])
    keeper = TopKCheckpoints(monitor="val_loss", mode="min", k=KEEP)
    for epoch in range(EPOCHS):
        for i in range(0, len(xt), 24):
            loss = nn.functional.cross_entropy(model(xt[i:i + 24]), yt[i:i + 24])
            opt.zero_grad()
            loss.backward()
            opt.step()
        keeper.update(epoch, validate(model, xv, yv), model)
    model.load_state_dict(keeper.best.state)
    return {"trial": trial, "best_epoch": keeper.best.epoch, "evicted": keeper.evicted,
            **validate(model, xv, yv)}


def main():
    reports = [run_trial(i, params) for i, params in enumerate(SWEEP)]
    best = min(reports, key=lambda r: r["val_loss"])
    print(f"best trial {best['trial']} (epoch {best['best_epoch']}): acc {best['val_acc']:.3f}")


if __name__ == "__main__":
    main()
