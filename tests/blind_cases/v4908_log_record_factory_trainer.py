"""Trainer that stamps step / epoch / lr onto every log record it emits."""
import io
import logging

import torch
import torch.nn as nn

log = logging.getLogger("trainer")
FORMAT = "%(levelname)s step=%(step)s epoch=%(epoch)s lr=%(lr).2e %(message)s"


class StepStampingTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.scheduler = torch.optim.lr_scheduler.ExponentialLR(self.optimizer, gamma=cfg["gamma"])
        self.global_step = 0
        self.epoch = 0
        self._install_record_factory()

    def _install_record_factory(self):
        previous = logging.getLogRecordFactory()

        def factory(*args, **kwargs):  # retain
            record = previous(*args, **kwargs)
            record.step = self.global_step
            record.epoch = self.epoch
            record.lr = self.optimizer.param_groups[0]["lr"]
            return record

        logging.setLogRecordFactory(factory)  # retain

    def fit(self, batches):
        for epoch in range(self.cfg["epochs"]):
            self.epoch = epoch
            for x, y in batches:
                loss = nn.functional.binary_cross_entropy_with_logits(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                self.global_step += 1
                if self.global_step % self.cfg["log_every"] == 0:
                    log.info("loss %.4f", loss.item())
            self.scheduler.step()
        log.info("done")


def make_batches(seed, n=4):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n * 8, 10, generator=g)
    y = (x[:, 0] * x[:, 1] > 0).float().unsqueeze(1)
    return list(zip(x.split(8), y.split(8)))


def main():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter(FORMAT))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    try:
        for seed, gamma in enumerate((0.9, 0.7, 0.5)):
            cfg = {"lr": 0.05, "gamma": gamma, "epochs": 2, "log_every": 3}
            model = nn.Sequential(nn.Linear(10, 20), nn.ReLU(), nn.Linear(20, 1))
            StepStampingTrainer(model, cfg).fit(make_batches(seed))
    finally:
        log.removeHandler(handler)
    print(stream.getvalue().splitlines()[-1])


if __name__ == "__main__":
    main()
