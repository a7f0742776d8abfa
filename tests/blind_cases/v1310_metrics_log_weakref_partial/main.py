"""Cross-validated classifier; every fold gets its own metrics stream."""
import torch
import torch.nn as nn

from metrics_log import MetricsLog

CONFIG = {"folds": 3, "epochs": 2, "batches": 4, "batch_size": 16, "lr": 0.05}


class Classifier(nn.Module):
    def __init__(self, n_in=12, n_hidden=20, n_out=3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, n_hidden), nn.ReLU())
        self.head = nn.Linear(n_hidden, n_out)

    def forward(self, x):
        return self.head(self.body(x))


def fake_fold(fold, n_batches, batch_size):
    gen = torch.Generator().manual_seed(fold)
    for _ in range(n_batches):
        x = torch.randn(batch_size, 12, generator=gen)
        y = (x[:, 0] > 0).long() + (x[:, 1] > 1).long()
        yield x, y


def run_fold(fold, cfg):
    model = Classifier()
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    log = MetricsLog("fold%d" % fold, owner=model)
    for epoch in range(cfg["epochs"]):
        for x, y in fake_fold(fold * 10 + epoch, cfg["batches"], cfg["batch_size"]):
            logits = model(x)
            loss = nn.functional.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            log.log_grad_norms(model)
            opt.step()
            acc = (logits.argmax(dim=1) == y).float().mean()
            log.log(loss=loss.item(), acc=acc.item(), epoch=epoch)
            log.advance()
    return log.step


def main():
    total_steps = 0
    for fold in range(CONFIG["folds"]):
        total_steps += run_fold(fold, CONFIG)
    return total_steps


if __name__ == "__main__":
    main()
