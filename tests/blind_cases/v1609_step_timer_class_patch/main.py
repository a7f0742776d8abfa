"""Width search with early stopping; each candidate's optimizer steps are timed."""
import torch
import torch.nn as nn

from profiling import StepTimer

CFG = {"epochs": 12, "patience": 1, "min_delta": 0.03, "lr": 0.05}


def make_data(n=64, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 10, generator=g)
    return x, x[:, :3].sum(-1, keepdim=True) + 0.1 * torch.randn(n, 1, generator=g)


def evaluate(model, x, y):
    with torch.no_grad():
        return nn.functional.mse_loss(model(x), y).item()


def fit(width, train, val, cfg=CFG):
    model = nn.Sequential(nn.Linear(10, width), nn.SiLU(), nn.Linear(width, 1))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    timer = StepTimer(model, opt).start()
    best, bad = float("inf"), 0
    for epoch in range(cfg["epochs"]):
        for xb, yb in zip(train[0].split(16), train[1].split(16)):
            loss = nn.functional.mse_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        score = evaluate(model, *val)
        if score < best - cfg["min_delta"]:
            best, bad = score, 0
        else:
            bad += 1
            if bad > cfg["patience"]:
                return best, epoch
    timer.stop()
    print(timer.summary())
    return best, cfg["epochs"]


def main():
    torch.manual_seed(0)
    train, val = make_data(seed=0), make_data(n=32, seed=1)
    results = {width: fit(width, train, val) for width in (8, 16, 32)}
    return min(results, key=lambda w: results[w][0])


if __name__ == "__main__":
    main()
