"""Trains with EMA weights and validates both the live and the EMA weights each epoch."""
import torch
import torch.nn as nn

from ema import ShadowEMA

CONFIG = {"epochs": 3, "steps": 4, "lr": 0.05, "decay": 0.9}


def make_data(n, seed):
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 6, generator=gen)
    return x, (x[:, 0] * x[:, 1] > 0).long()


def accuracy(model, x, y):
    model.eval()
    with torch.no_grad():
        return (model(x).argmax(dim=1) == y).float().mean().item()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 32), nn.ReLU(), nn.Linear(32, 2))
    ema = ShadowEMA(model, decay=CONFIG["decay"])
    optimizer = torch.optim.SGD(model.parameters(), lr=CONFIG["lr"], momentum=0.9)
    x_val, y_val = make_data(64, seed=99)
    for epoch in range(CONFIG["epochs"]):
        model.train()
        for step in range(CONFIG["steps"]):
            x, y = make_data(32, seed=epoch * 100 + step)
            loss = nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            ema.update(model)
        live_acc = accuracy(model, x_val, y_val)
        ema.swap(model)
        ema_acc = accuracy(model, x_val, y_val)
        ema.swap(model)
        print(f"epoch {epoch}: live acc {live_acc:.3f}, ema acc {ema_acc:.3f}")
    print(f"checkpoint keys: {len(model.state_dict())}")


if __name__ == "__main__":
    main()
