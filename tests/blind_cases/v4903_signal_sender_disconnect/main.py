"""K-fold fine-tuning loop that reports through module-level signals."""
import torch
import torch.nn as nn

import signals
from monitors import GradNormMonitor


def make_fold(fold, n=48):
    g = torch.Generator().manual_seed(100 + fold)
    x = torch.randn(n, 8, generator=g)
    y = (x[:, :2].sum(1) > 0).long()
    return list(zip(x.split(16), y.split(16)))


def train_fold(fold, epochs=2):
    model = nn.Sequential(nn.Linear(8, 24), nn.Tanh(), nn.Linear(24, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    monitor = GradNormMonitor(model).attach()
    step = 0
    reports = []
    try:
        for epoch in range(epochs):
            losses = []
            for x, y in make_fold(fold):
                loss = nn.functional.cross_entropy(model(x), y)
                opt.zero_grad()
                loss.backward()
                signals.batch_end.send(model, loss=loss.item(), step=step)
                opt.step()
                losses.append(loss.item())
                step += 1
            for _, report in signals.epoch_end.send(model, epoch=epoch, mean_loss=sum(losses) / len(losses)):
                reports.append(report)
    finally:
        monitor.detach()
    return reports[-1]


def main():
    summary = [train_fold(fold) for fold in range(3)]
    print("fold losses:", [round(r["loss"], 3) for r in summary])


if __name__ == "__main__":
    main()
