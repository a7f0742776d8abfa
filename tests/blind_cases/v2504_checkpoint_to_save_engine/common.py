"""Helpers that wire the usual handlers into a trainer engine."""
from engine import Events
from handlers import Checkpoint, build_saver


def _every(engine, n, handler):
    if engine.state.iteration % n == 0:
        handler(engine)


def setup_common_training_handlers(trainer, to_save=None, save_every_iters=100, output_cfg=None, n_saved=2):
    if to_save is not None:
        saver = build_saver(output_cfg or {"type": "memory"})
        checkpoint_handler = Checkpoint(to_save, saver, filename_prefix="training_", n_saved=n_saved)
        trainer.add_event_handler(Events.ITERATION_COMPLETED, _every, save_every_iters, checkpoint_handler)  # cycle
