"""Notebook fine-tuning loop whose learning rate and freezing can be changed live from sliders."""
import torch
import torch.nn as nn

import dashboard


class LiveTrainer:
    def __init__(self, width):
        self.backbone = nn.Sequential(nn.Linear(12, width), nn.ReLU())
        self.head = nn.Linear(width, 3)
        params = list(self.backbone.parameters()) + list(self.head.parameters())
        self.opt = torch.optim.SGD(params, lr=dashboard.LR.value, momentum=0.9)
        self._subscriptions = []

    def attach_controls(self):
        self._subscriptions = [
            (dashboard.LR, self._on_lr, "value"),
            (dashboard.FREEZE_BACKBONE, self._on_freeze, ["value"]),
        ]
        for control, handler, names in self._subscriptions:
            control.observe(handler, names=names)

    def detach_controls(self):
        while self._subscriptions:
            control, handler, names = self._subscriptions.pop()
            control.unobserve(handler, names=names)

    def _on_lr(self, change):
        for group in self.opt.param_groups:
            group["lr"] = change["new"]

    def _on_freeze(self, change):
        for p in self.backbone.parameters():
            p.requires_grad_(not change["new"])

    def fit(self, steps):
        self.attach_controls()
        try:
            for step in range(steps):
                x, y = torch.randn(8, 12), torch.randint(0, 3, (8,))
                loss = nn.functional.cross_entropy(self.head(self.backbone(x)), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                if step == 1:
                    dashboard.LR.value = dashboard.LR.value * 0.5
            return loss.item()
        finally:
            self.detach_controls()


def main():
    scores = {}
    for width in (8, 16, 24):
        dashboard.FREEZE_BACKBONE.value = width == 24
        scores[width] = LiveTrainer(width).fit(steps=4)
    dashboard.FREEZE_BACKBONE.value = False
    assert len(scores) == 3


if __name__ == "__main__":
    main()
