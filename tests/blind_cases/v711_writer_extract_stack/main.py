"""Classifier training with periodic evaluation, metrics written as JSON lines."""
import torch
import torch.nn as nn

from metricslog import JsonlMetricsWriter


def make_split(n, dim=10, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, dim, generator=g)
    y = (x[:, :3].sum(dim=1) > 0).long()
    return list(zip(x.split(16), y.split(16)))


def evaluate(model, batches):
    model.eval()
    total_loss, correct, count = 0.0, 0, 0
    with torch.no_grad():
        for x, y in batches:
            logits = model(x)
            total_loss += nn.functional.cross_entropy(logits, y, reduction="sum").item()
            correct += (logits.argmax(dim=1) == y).sum().item()
            count += y.numel()
    model.train()
    return total_loss / count, correct / count


def fit(run_name, epochs=2):
    writer = JsonlMetricsWriter(f"runs/{run_name}/metrics.jsonl")
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Dropout(0.1), nn.Linear(32, 2))
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    train, val = make_split(64, seed=1), make_split(32, seed=2)
    step = 0
    for epoch in range(epochs):
        for x, y in train:
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            writer.log(step, loss=loss.item(), lr=opt.param_groups[0]["lr"])
            step += 1
        val_loss, val_acc = evaluate(model, val)
        writer.log_eval(step, "val", loss=val_loss, acc=val_acc)
    return writer.close()


def main():
    for run_name in ("mlp-a", "mlp-b"):
        text = fit(run_name)
        print(run_name, len(text.splitlines()), "records")


if __name__ == "__main__":
    main()
