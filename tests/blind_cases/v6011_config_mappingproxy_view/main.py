"""Sweep driven by override strings; callbacks only ever see the config's read-only view."""
import torch
import torch.nn as nn

from runconfig import describe, from_overrides

SWEEP = {
    "base": [],
    "wide": ["width=32", "optim.lr=0.05"],
    "reweighted": ["class_weights=(1.0, 2.0, 0.5)", "optim.weight_decay=1e-4"],
}


class PrintCallback:
    def on_start(self, view):
        print("start", describe(view))

    def on_epoch_end(self, view, epoch, loss):
        print(f"  [{view['name']}] epoch {epoch} loss {loss:.4f}")


def train(cfg, callbacks):
    view = cfg.view
    model = nn.Sequential(nn.Linear(10, view["width"]), nn.ReLU(), nn.Linear(view["width"], 3))
    opt = torch.optim.SGD(model.parameters(), lr=cfg.optim.lr, momentum=cfg.optim.momentum,
                          weight_decay=cfg.optim.weight_decay)
    for cb in callbacks:
        cb.on_start(view)
    for epoch in range(cfg.epochs):
        for _ in range(3):
            x, y = torch.randn(16, 10), torch.randint(0, 3, (16,))
            loss = nn.functional.cross_entropy(model(x), y, weight=cfg.loss_weights)
            opt.zero_grad()
            loss.backward()
            opt.step()
        for cb in callbacks:
            cb.on_epoch_end(view, epoch, loss.item())
    return loss.item()


def main():
    callbacks = [PrintCallback()]
    results = {name: train(from_overrides(name, ov), callbacks) for name, ov in SWEEP.items()}
    print(results)


if __name__ == "__main__":
    main()
