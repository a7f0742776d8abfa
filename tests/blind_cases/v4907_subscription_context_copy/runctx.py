"""Ambient run context: the trainer and phase that are active in this context."""
import contextlib
import contextvars

current_trainer = contextvars.ContextVar("current_trainer", default=None)
current_phase = contextvars.ContextVar("current_phase", default="idle")


@contextlib.contextmanager
def active(trainer, phase="fit"):
    t_token = current_trainer.set(trainer)  # cycle
    p_token = current_phase.set(phase)
    try:
        yield trainer
    finally:
        current_phase.reset(p_token)
        current_trainer.reset(t_token)


def trainer():
    t = current_trainer.get()
    if t is None:
        raise RuntimeError("no active trainer in this context")
    return t
