"""K-fold training of a tiny detector; each fold is converted to its deploy form before validation."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from blocks import C2, Conv
from fusion import fuse

CFG = {"width": 16, "depth": 1, "num_classes": 3, "folds": 3, "steps": 3, "lr": 0.01}


class TinyDetector(nn.Module):
    def __init__(self, width, depth, num_classes):
        super().__init__()
        self.stem = Conv(3, width, 3, 2)
        self.stage = C2(width, width, n=depth)
        self.down = Conv(width, 2 * width, 3, 2)
        self.head = nn.Conv2d(2 * width, num_classes + 4, 1)

    def forward(self, x):
        return self.head(self.down(self.stage(self.stem(x))))

    def compute_loss(self, preds, targets):
        cls_logits, boxes = preds[:, :-4], preds[:, -4:]
        return F.cross_entropy(cls_logits, targets["cls"]) + F.l1_loss(boxes.sigmoid(), targets["box"])


def make_batch(n, num_classes, size=32):
    images = torch.randn(n, 3, size, size)
    grid = size // 4
    targets = {"cls": torch.randint(0, num_classes, (n, grid, grid)), "box": torch.rand(n, 4, grid, grid)}
    return images, targets


def run_fold(fold, cfg):
    torch.manual_seed(fold)
    model = TinyDetector(cfg["width"], cfg["depth"], cfg["num_classes"])
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    model.train()
    for _ in range(cfg["steps"]):
        images, targets = make_batch(4, cfg["num_classes"])
        loss = model.compute_loss(model(images), targets)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    fuse(model)
    images, targets = make_batch(2, cfg["num_classes"])
    with torch.no_grad():
        val = model.compute_loss(model(images), targets).item()
    return val


def main():
    scores = [run_fold(k, CFG) for k in range(CFG["folds"])]
    print("val losses:", ["%.3f" % s for s in scores])


if __name__ == "__main__":
    main()
