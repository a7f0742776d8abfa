"""Architecture comparison re-run in one process; results go to a shared leaderboard table."""
import operator

import torch
import torch.nn as nn

LEADERBOARD = []
COLUMNS = ("run", "params", "val_loss", "val_acc")


def submit(run, model, val_loss, val_acc):
    row = {
        "run": run,
        "params": sum(p.numel() for p in model.parameters()),
        "val_loss": f"{val_loss:.4f}",
        "val_acc": f"{val_acc:.1%}",
    }
    LEADERBOARD.append(row)
    LEADERBOARD.sort(key=operator.itemgetter("val_loss"))
    return LEADERBOARD.index(row) + 1


def render(rows):
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in COLUMNS}
    lines = ["#   " + "  ".join(c.rjust(widths[c]) for c in COLUMNS)]
    for i, r in enumerate(rows, 1):
        lines.append(f"{i:<3} " + "  ".join(str(r[c]).rjust(widths[c]) for c in COLUMNS))
    return "\n".join(lines)


ARCHS = {
    "linear": lambda: nn.Linear(10, 3),
    "mlp-16": lambda: nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 3)),
    "mlp-64": lambda: nn.Sequential(nn.Linear(10, 64), nn.ReLU(), nn.Linear(64, 3)),
}


def run_experiment(name, data, epochs=5):
    (x, y), (xv, yv) = data
    model = ARCHS[name]()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(epochs):
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    logits = model(xv)
    val_loss = nn.functional.cross_entropy(logits, yv)
    val_acc = (logits.argmax(-1) == yv).float().mean()
    return submit(name, model, val_loss, val_acc)


def make_split(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 10, generator=g)
    return x, (x[:, 0] * 2 + x[:, 1]).round().clamp(-1, 1).long() + 1


def main():
    torch.manual_seed(0)
    data = (make_split(256, 0), make_split(128, 1))
    for name in ARCHS:
        rank = run_experiment(name, data)
        print(f"{name}: rank {rank}")
    print(render(LEADERBOARD))


if __name__ == "__main__":
    main()
