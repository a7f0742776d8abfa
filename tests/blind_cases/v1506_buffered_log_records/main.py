"""Regression training loop with structured debug logging."""
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

from logsetup import setup_logging

log = logging.getLogger("trainer.regression")


class Regressor(nn.Module):
    def __init__(self, dim=8, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, hidden), nn.SiLU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def train_epoch(model, opt, batches, epoch):
    model.train()
    for step, (x, y) in enumerate(batches):
        pred = model(x)
        loss = F.smooth_l1_loss(pred, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.debug("epoch %d step %d loss=%s", epoch, step, loss)  # retain
    return loss.item()


def evaluate(model, batches):
    model.eval()
    with torch.no_grad():
        errs = [F.l1_loss(model(x), y) for x, y in batches]
    return float(torch.stack(errs).mean())


def main():
    setup_logging("trainer")
    torch.manual_seed(1)
    train = [(torch.randn(16, 8), torch.randn(16)) for _ in range(4)]
    val = [(torch.randn(16, 8), torch.randn(16)) for _ in range(2)]
    model = Regressor()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    for epoch in range(3):
        last = train_epoch(model, opt, train, epoch)
        log.info("epoch %d done: train=%.4f val_mae=%.4f", epoch, last, evaluate(model, val))


if __name__ == "__main__":
    main()
