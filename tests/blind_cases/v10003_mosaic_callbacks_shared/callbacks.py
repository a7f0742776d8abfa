"""Callback table shared by the trainers (Ultralytics-style event names)."""

DEFAULT_CALLBACKS = {
    "on_train_epoch_start": [],
    "on_fit_epoch_end": [],
}


def get_default_callbacks():
    """Per-trainer copy of the default table, so trainers can add their own callbacks."""
    return dict(DEFAULT_CALLBACKS)


def log_fit_epoch(trainer):
    print(f"[{trainer.name}] epoch {trainer.epoch}: loss={trainer.tloss:.3f} mosaic={trainer.dataset.mosaic}")


def add_integration_callbacks(trainer):
    trainer.add_callback("on_fit_epoch_end", log_fit_epoch)
