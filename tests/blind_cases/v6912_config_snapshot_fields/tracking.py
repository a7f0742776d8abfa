"""In-process run table shared by every experiment in the session."""
import time

RUN_TABLE = []


def log_hparams(cfg):
    RUN_TABLE.append({"started": time.time(), **cfg.to_hparams()})


def summary():
    return [(row["name"], row["lr"]) for row in RUN_TABLE]
