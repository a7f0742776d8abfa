"""Short CIFAR-like smoke run that prints a per-layer shape report at the end."""
import torch
import torch.nn.functional as F

from layers import Mixer
from tracing import shape_report

CFG = {"image": 16, "patch": 4, "dim": 24, "depth": 2, "classes": 10, "lr": 1e-3, "steps": 4, "batch": 6}


def run(cfg):
    model = Mixer(image=cfg["image"], patch=cfg["patch"], dim=cfg["dim"], depth=cfg["depth"],
                  classes=cfg["classes"])
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    for _ in range(cfg["steps"]):
        images = torch.randn(cfg["batch"], 3, cfg["image"], cfg["image"])
        labels = torch.randint(0, cfg["classes"], (cfg["batch"],))
        loss = F.cross_entropy(model(images), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for depth in (1, 2):
        run({**CFG, "depth": depth})
    print(shape_report())


if __name__ == "__main__":
    main()
