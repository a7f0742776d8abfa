"""Ambient access to the running trainer, so model code can call `log()` anywhere."""
import contextlib
import contextvars

_ACTIVE_TRAINER = contextvars.ContextVar("active_trainer", default=None)


@contextlib.contextmanager
def activate(trainer):
    token = _ACTIVE_TRAINER.set(trainer)
    try:
        yield trainer
    finally:
        _ACTIVE_TRAINER.reset(token)


def active_trainer():
    trainer = _ACTIVE_TRAINER.get()
    if trainer is None:
        raise RuntimeError("log() called outside of Trainer.fit()")
    return trainer


def log(name, value, prog_bar=False):
    trainer = active_trainer()
    if hasattr(value, "item"):
        value = value.item()
    trainer.logged.setdefault(name, []).append(value)
    if prog_bar:
        trainer.prog_bar_metrics[name] = value
