"""Metric helpers used by the training loop; they log through whatever client is importable."""
import importlib

from tracking import BACKEND


def _client():
    try:
        return importlib.import_module(BACKEND)
    except ImportError:
        return None


def log_metrics(step, **values):
    client = _client()
    if client is not None:
        client.log({k: float(v) for k, v in values.items()}, step=step)


def watch_model(model):
    client = _client()
    if client is not None:
        client.watch(model)
