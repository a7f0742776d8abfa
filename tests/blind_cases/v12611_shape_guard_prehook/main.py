"""Anchor-based box regressor; validation decodes through a traced, shape-guarded decoder."""
import torch
import torch.fx as fx
import torch.nn as nn

from guard import ShapeGuard
from postprocess import decode_boxes

CFG = {"anchors": 6, "feat": 10, "epochs": 3, "steps": 4, "batch": 5, "lr": 1e-2}
STDS = torch.tensor([0.1, 0.1, 0.2, 0.2])


def make_anchors(n):
    xy = torch.linspace(0, 50, n).unsqueeze(1).repeat(1, 2)
    return torch.cat([xy, xy + 16.0], dim=1)


class DeltaHead(nn.Module):
    def __init__(self, feat, anchors):
        super().__init__()
        self.anchors = anchors
        self.fc = nn.Sequential(nn.Linear(feat, 32), nn.ReLU(), nn.Linear(32, anchors * 4))

    def forward(self, x):
        return self.fc(x).view(x.shape[0], self.anchors, 4)


def validate(model, anchors, cfg):
    x = torch.randn(cfg["batch"], cfg["feat"])
    with torch.no_grad():
        deltas = model(x)
    decoder = fx.symbolic_trace(decode_boxes)
    guard = ShapeGuard(decoder, (deltas, anchors, STDS))
    boxes = decoder(deltas, anchors, STDS)
    widths = (boxes[..., 2] - boxes[..., 0]).mean().item()
    return widths, guard.violations


def main():
    torch.manual_seed(0)
    anchors = make_anchors(CFG["anchors"])
    model = DeltaHead(CFG["feat"], CFG["anchors"])
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["steps"]):
            x = torch.randn(CFG["batch"], CFG["feat"])
            target = torch.zeros(CFG["batch"], CFG["anchors"], 4)
            loss = nn.functional.smooth_l1_loss(model(x), target)
            opt.zero_grad()
            loss.backward()
            opt.step()
        width, bad = validate(model, anchors, CFG)
        print(f"epoch {epoch}: loss={loss.item():.4f} mean box width={width:.2f} guard violations={bad}")


if __name__ == "__main__":
    main()
