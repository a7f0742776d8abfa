"""Train a classifier and publish a serving export to the local registry after every epoch."""
import torch
import torch.nn as nn

from export import ModelRegistry, ServingExport

CFG = {"epochs": 5, "steps": 3, "lr": 0.05, "labels": ("neg", "neu", "pos")}


def batches(n, mean, std):
    for _ in range(n):
        x = torch.randn(16, 8) * std + mean
        yield x, (x[:, 0] > mean[0]).long() + (x[:, 1] > mean[1]).long()


def main():
    mean, std = torch.linspace(-1, 1, 8), torch.linspace(0.5, 2.0, 8)
    model = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 3))
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    registry = ModelRegistry(keep_last=3)
    for epoch in range(CFG["epochs"]):
        model.train()
        for x, y in batches(CFG["steps"], mean, std):
            loss = nn.functional.cross_entropy(model((x - mean) / std), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            x, y = next(batches(1, mean, std))
            val_loss = nn.functional.cross_entropy(model((x - mean) / std), y).item()
        export = ServingExport(model, mean, std, CFG["labels"])
        registry.publish(export, version=epoch, metrics={"val_loss": val_loss})
    version, served = registry.load_best()
    probs = served(torch.randn(4, 8) * std + mean)
    print("serving v%d" % version, probs.argmax(-1).tolist())


if __name__ == "__main__":
    main()
