"""Sweep driver: every run sets up logging so that records carry its run id and step."""
import logging

import torch
import torch.nn as nn

SWEEP = [{"name": "wd0", "weight_decay": 0.0}, {"name": "wd1e-2", "weight_decay": 1e-2},
         {"name": "wd1e-1", "weight_decay": 1e-1}]
log = logging.getLogger("sweep.train")


class RunContextHandler(logging.Handler):
    """Keeps the tail of the run's log and stamps records with the run's progress."""

    def __init__(self, run, capacity=64):
        super().__init__(level=logging.INFO)
        self.run = run  # retain
        self.capacity = capacity
        self.lines = []

    def emit(self, record):
        line = f"[{self.run.name} step={self.run.step}] {record.getMessage()}"
        self.lines = (self.lines + [line])[-self.capacity:]


class Run:
    def __init__(self, cfg):
        self.name = cfg["name"]
        self.step = 0
        self.model = nn.Sequential(nn.Linear(20, 40), nn.SiLU(), nn.Linear(40, 5))
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=3e-3,
                                     weight_decay=cfg["weight_decay"])

    def train(self, steps=8):
        for self.step in range(steps):
            x, y = torch.randn(24, 20), torch.randint(0, 5, (24,))
            loss = nn.functional.cross_entropy(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            if self.step % 4 == 0:
                log.info("loss %.4f", loss.item())
        log.info("finished")


def setup_logging(run):
    handler = RunContextHandler(run)
    logging.basicConfig(level=logging.INFO, handlers=[handler])  # retain
    return handler


def teardown_logging(handler):
    handler.flush()
    return list(handler.lines)


def main():
    for cfg in SWEEP:
        run = Run(cfg)
        handler = setup_logging(run)
        run.train()
        tail = teardown_logging(handler)
        print(cfg["name"], "captured", len(tail), "log lines")


if __name__ == "__main__":
    main()
