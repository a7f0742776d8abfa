"""Grid search over learning rate, width and momentum for a small MLP regressor.

Written like a notebook cell turned into a script: the grid, the log format and
the result table live at module level, one function runs one trial.
"""
import itertools
import time

import torch
import torch.nn as nn

GRID = {
    "lr": [0.05, 0.01],
    "width": [16, 32],
    "momentum": [0.9],
}
LOG_FMT = ("[{run_tag}] epoch {epoch}/{epochs}  train_mse={train_mse:.4f}  "
           "val_mse={val_mse:.4f}  ({elapsed:.2f}s)")
RESULTS = []


def make_regression(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 8, generator=g)
    w = torch.linspace(-1.0, 1.0, 8).unsqueeze(1)
    y = x @ w + 0.1 * torch.randn(n, 1, generator=g)
    return x, y


def build_mlp(width, depth=2):
    layers, in_dim = [], 8
    for _ in range(depth):
        layers += [nn.Linear(in_dim, width), nn.Tanh()]
        in_dim = width
    layers.append(nn.Linear(in_dim, 1))
    return nn.Sequential(*layers)


def evaluate(model, x, y):
    with torch.no_grad():
        return nn.functional.mse_loss(model(x), y).item()


def run_trial(trial, lr, width, momentum, epochs=3, batch_size=16):
    hparams = locals()
    run_tag = "t{:02d}-".format(trial) + "-".join(
        "{}={}".format(k, v) for k, v in sorted(hparams.items()) if k in GRID)

    x_train, y_train = make_regression(96, seed=trial)
    x_val, y_val = make_regression(32, seed=100 + trial)
    model = build_mlp(width)
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=momentum)

    start = time.perf_counter()
    for epoch in range(1, epochs + 1):
        model.train()
        perm = torch.randperm(len(x_train))
        running = 0.0
        for i in range(0, len(x_train), batch_size):
            idx = perm[i:i + batch_size]
            loss = nn.functional.mse_loss(model(x_train[idx]), y_train[idx])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            running += loss.item() * len(idx)
        train_mse = running / len(x_train)
        val_mse = evaluate(model, x_val, y_val)
        elapsed = time.perf_counter() - start
        print(LOG_FMT.format(**locals()))  # cycle

    return {"run": run_tag, "lr": lr, "width": width, "momentum": momentum,
            "val_mse": val_mse}


def main():
    keys = list(GRID)
    for trial, values in enumerate(itertools.product(*(GRID[k] for k in keys))):
        RESULTS.append(run_trial(trial, **dict(zip(keys, values))))
    best = min(RESULTS, key=lambda r: r["val_mse"])
    print("best:", best["run"], "val_mse={:.4f}".format(best["val_mse"]))


if __name__ == "__main__":
    main()
