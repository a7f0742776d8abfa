"""K-fold cross-validation; each fold is evaluated through the graph cache."""
import torch
import torch.nn as nn

from compile_cache import cache_info, compile_for_eval

CV = {"folds": 3, "n": 60, "in_dim": 6, "epochs": 2, "batch": 10, "lr": 0.02}


class TabularNet(nn.Module):
    def __init__(self, in_dim, hidden=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_dim, hidden), nn.ReLU(), nn.Dropout(0.2),
            nn.Linear(hidden, hidden), nn.ReLU(), nn.Dropout(0.2),
        )
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(self.net(x)).squeeze(-1)


def make_data(cfg):
    gen = torch.Generator().manual_seed(7)
    x = torch.randn(cfg["n"], cfg["in_dim"], generator=gen)
    y = (x[:, 0] - 0.5 * x[:, 1] > 0).float()
    return x, y


def run_fold(k, x, y, cfg):
    idx = torch.arange(cfg["n"])
    val_mask = idx % cfg["folds"] == k
    x_tr, y_tr, x_va, y_va = x[~val_mask], y[~val_mask], x[val_mask], y[val_mask]
    model = TabularNet(cfg["in_dim"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for _ in range(cfg["epochs"]):
        for i in range(0, len(x_tr), cfg["batch"]):
            xb, yb = x_tr[i:i + cfg["batch"]], y_tr[i:i + cfg["batch"]]
            loss = nn.functional.binary_cross_entropy_with_logits(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    model.eval()
    fast = compile_for_eval(model, x_va)
    with torch.no_grad():
        acc = ((fast(x_va) > 0).float() == y_va).float().mean().item()
    return acc


def main():
    x, y = make_data(CV)
    accs = [run_fold(k, x, y, CV) for k in range(CV["folds"])]
    print("fold accuracies:", [round(a, 3) for a in accs], cache_info())


if __name__ == "__main__":
    main()
