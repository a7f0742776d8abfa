"""Lightweight experiment tracking: closures that buffer metrics until flush()."""
import time
from collections import deque


def make_logger(prefix):
    history = deque()

    def log(step, **metrics):
        history.append((time.time(), step, {f"{prefix}/{k}": v for k, v in metrics.items()}))  # retain
        return len(history)

    def flush():
        lines = []
        for ts, step, metrics in history:
            lines.append(f"{step} " + " ".join(f"{k}={float(v):.4f}" for k, v in metrics.items()))
        return lines

    log.flush = flush
    return log


log_train = make_logger("train")
