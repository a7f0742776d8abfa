"""Classifier fine-tuning with an out-of-process validation metric under a time budget."""
import torch
import torch.nn as nn

from sidecar import SidecarClient
from timeouts import StageTimeout, time_limit

CONFIG = {
    "epochs": 3,
    "steps_per_epoch": 4,
    "batch_size": 16,
    "lr": 0.05,
    "sidecar_endpoint": None,
    "metric_budget_s": 0.2,
}


def make_batch(n, dim=12):
    x = torch.randn(n, dim)
    return x, (x[:, :3].sum(1) > 0).long()


@time_limit(CONFIG["metric_budget_s"])
def external_accuracy(client, model, batches, cancel=None):
    model.eval()
    with torch.no_grad():
        preds = torch.cat([model(x).argmax(1) for x, _ in batches])
    model.train()
    targets = torch.cat([y for _, y in batches])
    return client.score(preds, targets, cancel=cancel)


def train(cfg):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 2))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    client = SidecarClient(cfg["sidecar_endpoint"])
    if cfg["sidecar_endpoint"]:
        client.connect()
    val_batches = [make_batch(cfg["batch_size"]) for _ in range(2)]

    history = []
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps_per_epoch"]):
            x, y = make_batch(cfg["batch_size"])
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        try:
            acc = external_accuracy(client, model, val_batches)
        except StageTimeout:
            acc = None
        history.append({"epoch": epoch, "loss": loss.item(), "val_acc": acc})
    return history


def main():
    history = train(dict(CONFIG))
    assert len(history) == CONFIG["epochs"]


if __name__ == "__main__":
    main()
