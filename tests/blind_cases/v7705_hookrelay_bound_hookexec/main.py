"""Cross-validation; every fold builds its own plugin manager."""
import torch
import torch.nn as nn

from plugins import SWA, EarlyStop, TrainSpec
from pm import PluginManager


def fold_data(k):
    g = torch.Generator().manual_seed(k)
    x = torch.randn(96, 5, generator=g)
    y = x @ torch.tensor([[1.0], [-2.0], [0.5], [0.0], [3.0]]) + 0.1 * torch.randn(96, 1, generator=g)
    return (x[:64], y[:64]), (x[64:], y[64:])


def run_fold(k, epochs=4):
    (xt, yt), (xv, yv) = fold_data(k)
    model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    pm = PluginManager("cv-fold-%d" % k)
    pm.add_hookspecs(TrainSpec)
    pm.register(SWA(model))
    pm.register(EarlyStop(patience=2))
    for epoch in range(epochs):
        for i in range(0, 64, 16):
            loss = nn.functional.mse_loss(model(xt[i:i + 16]), yt[i:i + 16])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            pm.hook.train_batch_end(step=i, loss=loss.item())
        with torch.no_grad():
            metrics = {"val_loss": nn.functional.mse_loss(model(xv), yv).item()}
        if "stop" in pm.hook.validation_end(epoch=epoch, metrics=metrics):
            break
    return metrics["val_loss"]


def main():
    scores = [run_fold(k) for k in range(3)]
    print("cv mse", sum(scores) / len(scores))


if __name__ == "__main__":
    main()
