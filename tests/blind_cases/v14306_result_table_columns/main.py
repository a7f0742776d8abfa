"""Exported notebook: weight-decay sweep; the comparison cell is re-run after every change."""
import torch
import torch.nn as nn

from results import ResultTable

SWEEP = {"weight_decay": [0.0, 1e-4, 1e-2], "steps": 6, "batch": 32}


def data(n):
    x = torch.randn(n, 5)
    return x, (x[:, :2].sum(dim=1) > 0).long()


def fit(weight_decay):
    model = nn.Sequential(nn.Linear(5, 20), nn.ReLU(), nn.Linear(20, 2))
    opt = torch.optim.AdamW(model.parameters(), lr=5e-3, weight_decay=weight_decay)
    for _ in range(SWEEP["steps"]):
        x, y = data(SWEEP["batch"])
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        x, y = data(128)
        logits = model(x)
        val_loss = nn.functional.cross_entropy(logits, y).item()
        acc = (logits.argmax(1) == y).float().mean().item()
    return model, val_loss, acc


def compare(seed):
    torch.manual_seed(seed)
    table = ResultTable(["wd", "val_loss", "acc", "model"], hidden=["model"])
    for wd in SWEEP["weight_decay"]:
        model, val_loss, acc = fit(wd)
        table.append(wd=wd, val_loss=val_loss, acc=acc, model=model)
    print(table.to_text(sort_by="val_loss"))
    best = table.rows[table["val_loss"].idxmin()]
    print(f"seed {seed}: best wd={best['wd']} acc={table['acc'].values()[table['acc'].idxmax()]:.3f}")
    return best["wd"]


def main():
    picks = [compare(seed) for seed in (0, 1)]
    print("picked weight decays:", picks)


if __name__ == "__main__":
    main()
