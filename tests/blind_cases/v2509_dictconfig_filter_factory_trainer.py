"""Trainer that configures its logging from a dictConfig schema, stamping records with epoch/step."""
import logging
import logging.config

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("experiment.train")


class StepContextFilter(logging.Filter):
    """Adds the current epoch and global step of a trainer to every record."""

    def __init__(self, trainer, name=""):
        super().__init__(name)
        self.trainer = trainer

    def filter(self, record):
        record.epoch = self.trainer.epoch
        record.step = self.trainer.global_step
        return True


def logging_schema(trainer, level="INFO"):
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"step_context": {"()": StepContextFilter, "trainer": trainer}},
        "formatters": {"brief": {"format": "[e%(epoch)s s%(step)s] %(levelname)s %(message)s"}},
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "brief",
                                 "stream": "ext://sys.stdout", "level": level}},
        "loggers": {"experiment.train": {"level": level, "handlers": ["console"],
                                         "filters": ["step_context"], "propagate": False}},
    }


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
        self.epoch = 0
        self.global_step = 0
        self.setup_logging()

    def setup_logging(self):
        logging.config.dictConfig(logging_schema(self, self.cfg.get("log_level", "INFO")))  # retain

    def fit(self, batches):
        for self.epoch in range(self.cfg["epochs"]):
            total = 0.0
            for x, y in batches:
                loss = F.mse_loss(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                self.global_step += 1
                total += loss.item()
            log.info("epoch done, mean loss %.4f", total / len(batches))
        return total / len(batches)


def main():
    cfg = {"lr": 1e-2, "epochs": 2, "log_level": "INFO"}
    for trial in range(3):
        torch.manual_seed(trial)
        model = nn.Sequential(nn.Linear(6, 16), nn.SiLU(), nn.Linear(16, 1))
        batches = [(torch.randn(8, 6), torch.randn(8, 1)) for _ in range(3)]
        Trainer(model, cfg).fit(batches)


if __name__ == "__main__":
    main()
