"""Probe every stage of a frozen backbone with a linear classifier."""
import torch
import torch.nn.functional as F

from probes import LinearProbe
from zoo import feature_dims, get_backbone

SETTINGS = {"backbone": "small_cnn", "num_classes": 5, "lr": 0.05, "epochs": 2, "batches": 2}


def synthetic_batches(n, seed):
    g = torch.Generator().manual_seed(seed)
    for _ in range(n):
        yield torch.randn(8, 3, 16, 16, generator=g), torch.randint(0, 5, (8,), generator=g)


def probe_layer(layer_name, settings):
    backbone = get_backbone(settings["backbone"])
    dim = feature_dims(settings["backbone"])[layer_name]
    probe = LinearProbe(backbone, layer_name, dim, settings["num_classes"])
    opt = torch.optim.SGD(probe.fc.parameters(), lr=settings["lr"], momentum=0.9)
    for epoch in range(settings["epochs"]):
        for images, labels in synthetic_batches(settings["batches"], seed=epoch):
            loss = F.cross_entropy(probe(images), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
    probe.eval()
    correct = 0
    with torch.no_grad():
        for images, labels in synthetic_batches(2, seed=99):
            correct += (probe(images).argmax(1) == labels).sum().item()
    return correct / 16


def main():
    report = {}
    for layer_name in ("stem", "stage1", "stage2"):
        report[layer_name] = probe_layer(layer_name, SETTINGS)
    print(report)


if __name__ == "__main__":
    main()
