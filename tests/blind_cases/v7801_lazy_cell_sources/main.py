"""Exploratory regression notebook replayed as a script, one cell at a time."""
import torch
import torch.nn as nn

from runner import CellRunner


class TinyRegressor(nn.Module):
    def __init__(self, in_features, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_features, hidden), nn.GELU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


def make_data(n, d, seed=0):
    w = torch.randn(d, generator=torch.Generator().manual_seed(1234))
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, d, generator=g)
    return x, x @ w + 0.1 * torch.randn(n, generator=g)


def fit(model, opt, x, y, epochs, batch_size=32):
    history = []
    for _ in range(epochs):
        perm = torch.randperm(x.shape[0])
        for i in range(0, x.shape[0], batch_size):
            idx = perm[i:i + batch_size]
            loss = nn.functional.mse_loss(model(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        history.append(loss.item())
    return history


CELLS = [
    "x, y = make_data(256, 12)\nx_val, y_val = make_data(64, 12, seed=1)",
    "model = TinyRegressor(12, 32)\nopt = torch.optim.AdamW(model.parameters(), lr=2e-2)",
    "history = fit(model, opt, x, y, epochs=3)\nprint('train', [round(h, 3) for h in history])",
    "val_pred = model(x_val[:, :10])",
    "val_pred = model(x_val)\nval_mse = nn.functional.mse_loss(val_pred, y_val)\nprint('val', val_mse.item())",
]


def main():
    torch.manual_seed(0)
    nb = CellRunner("regression", {"torch": torch, "nn": nn, "TinyRegressor": TinyRegressor,
                                   "make_data": make_data, "fit": fit})
    for source in CELLS:
        nb.run_cell(source)
    print("failed cells:", nb.failed, "final val mse:", round(nb["val_mse"].item(), 4))


if __name__ == "__main__":
    main()
