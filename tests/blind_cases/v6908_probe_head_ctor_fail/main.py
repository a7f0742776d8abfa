"""Probing sweep: try the deepest usable stage first and fall back to shallower ones."""
import torch
import torch.nn.functional as F

from heads import ProbeHead
from trunks import TRUNK

PROBE_CFG = {"layers": ["stage3", "stage2", "stage1"], "classes": 5, "steps": 4, "lr": 0.05}


def build_probe(trunk, cfg, image_size):
    errors = []
    for layer in cfg["layers"]:
        try:
            return ProbeHead(trunk, layer, cfg["classes"], image_size=image_size)
        except ValueError as err:
            errors.append(str(err))
    raise RuntimeError("no usable layer: " + "; ".join(errors))


def run_probe(image_size, cfg):
    head = build_probe(TRUNK, cfg, image_size)
    opt = torch.optim.SGD(head.parameters(), lr=cfg["lr"], momentum=0.9)
    try:
        for _ in range(cfg["steps"]):
            images = torch.randn(8, 3, image_size, image_size)
            labels = torch.randint(0, cfg["classes"], (8,))
            loss = F.cross_entropy(head(TRUNK, images), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return head.layer, loss.item()
    finally:
        head.close()


def main():
    for size in (8, 16):
        layer, loss = run_probe(size, PROBE_CFG)
        print(f"{size}px -> probe on {layer}: loss {loss:.3f}")


if __name__ == "__main__":
    main()
