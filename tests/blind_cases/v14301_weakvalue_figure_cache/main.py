"""Exported notebook: train a small MLP and plot per-layer weight / gradient norms every epoch."""
import torch
import torch.nn as nn

from figcache import FigureCache

CONFIG = {"epochs": 4, "batches": 3, "batch_size": 32, "lr": 0.05, "hidden": 24}
CACHE = FigureCache()


def layer_norms(model, attr):
    norms = []
    for module in model:
        if isinstance(module, nn.Linear):
            t = getattr(module.weight, attr)
            norms.append(0.0 if t is None else t.norm().item())
    return norms


def plot_epoch(model, epoch):
    fig = CACHE.get("norms", epoch)
    fig.add_subplot("weights").bar("w", layer_norms(model, "data"))
    fig.add_subplot("grads").bar("g", layer_norms(model, "grad"))
    fig.attach_image("first_layer", model[0].weight)
    CACHE.show(fig)


def main():
    torch.manual_seed(0)
    h = CONFIG["hidden"]
    model = nn.Sequential(nn.Linear(8, h), nn.ReLU(), nn.Linear(h, h), nn.ReLU(), nn.Linear(h, 1))
    opt = torch.optim.SGD(model.parameters(), lr=CONFIG["lr"])
    for epoch in range(CONFIG["epochs"]):
        for _ in range(CONFIG["batches"]):
            x = torch.randn(CONFIG["batch_size"], 8)
            y = x[:, :1] * 0.5
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        plot_epoch(model, epoch)
    print(CACHE.rendered[-1])
    print("figures still cached:", len(CACHE.live_keys()))


if __name__ == "__main__":
    main()
