"""Binary classifier sweep over learning rates; each run builds its own step closures."""
import torch
import torch.nn as nn

import timing
from steps import make_eval_step, make_train_step

SWEEP = {"lrs": (1e-2, 3e-3), "steps": 3, "micro_batch": 12, "features": 10}


def micro_batches(n, features, size):
    out = []
    for _ in range(n):
        x = torch.randn(size, features)
        y = (x[:, 0] - x[:, 1] > 0).float()
        out.append((x, y))
    return out


def run(lr, cfg):
    model = nn.Sequential(nn.Linear(cfg["features"], 16), nn.ReLU(), nn.Linear(16, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    train_step = make_train_step(model, optimizer)
    eval_step = make_eval_step(model)
    for _ in range(cfg["steps"]):
        loss = train_step(micro_batches(2, cfg["features"], cfg["micro_batch"]))
    x_val, y_val = micro_batches(1, cfg["features"], 64)[0]
    return loss, eval_step(x_val, y_val)


def main():
    cfg = dict(SWEEP)
    for lr in cfg["lrs"]:
        loss, acc = run(lr, cfg)
        print(f"lr={lr:g}: last loss {loss:.3f}, val acc {acc:.2f}")
    print("timings (calls, mean ms):", timing.summary())


if __name__ == "__main__":
    main()
