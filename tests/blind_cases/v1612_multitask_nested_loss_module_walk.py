"""Multi-task network whose outputs are nested dicts/lists; the loss walks the structure."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiTaskNet(nn.Module):
    def __init__(self, dim=16, classes=3):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(dim, 32), nn.ReLU())
        self.cls = nn.Linear(32, classes)
        self.aux = nn.ModuleList([nn.Linear(32, classes) for _ in range(2)])
        self.depth_coarse = nn.Linear(32, 1)
        self.depth_fine = nn.Linear(32, 4)

    def forward(self, x):
        h = self.trunk(x)
        return {
            "cls": self.cls(h),
            "aux": [head(h) for head in self.aux],
            "depth": {"coarse": self.depth_coarse(h), "fine": self.depth_fine(h)},
        }


def task_loss(pred, target):
    if target.dtype == torch.long:
        return F.cross_entropy(pred, target)
    return F.smooth_l1_loss(pred, target)


def _visit_mapping(out, tgt, prefix, weights, losses):
    for key in out:
        _visit(out[key], tgt[key], f"{prefix}{key}.", weights, losses)


def _visit(out, tgt, prefix, weights, losses):
    if isinstance(out, dict):
        _visit_mapping(out, tgt, prefix, weights, losses)
    elif isinstance(out, (list, tuple)):
        for i, (o, t) in enumerate(zip(out, tgt)):
            _visit(o, t, f"{prefix}{i}.", weights, losses)
    else:
        name = prefix.rstrip(".")
        losses.append((name, weights.get(name.split(".")[0], 1.0) * task_loss(out, tgt)))


def collect_losses(outputs, targets, weights):
    losses = []
    _visit(outputs, targets, "", weights, losses)
    return losses


def make_targets(n, classes=3):
    y = torch.randint(0, classes, (n,))
    return {"cls": y, "aux": [y, y], "depth": {"coarse": torch.randn(n, 1), "fine": torch.randn(n, 4)}}


def main():
    model = MultiTaskNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    weights = {"cls": 1.0, "aux": 0.3, "depth": 0.5}
    for step in range(4):
        x = torch.randn(12, 16)
        losses = collect_losses(model(x), make_targets(12), weights)
        total = sum(value for _, value in losses)
        opt.zero_grad()
        total.backward()
        opt.step()
        log = {name: value.item() for name, value in losses}
    return log


if __name__ == "__main__":
    main()
