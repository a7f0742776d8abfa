"""Process-wide registry of running trainers, read by the status reporter."""
import time
import weakref

_LIVE_STATES = weakref.WeakKeyDictionary()


def register(trainer, state):
    _LIVE_STATES[trainer] = state


def unregister(trainer):
    _LIVE_STATES.pop(trainer, None)


def report():
    now = time.perf_counter()
    rows = []
    for trainer, state in sorted(_LIVE_STATES.items(), key=lambda kv: kv[0].name):
        rows.append(f"{trainer.name:>10} epoch={state.epoch} step={state.step} "
                    f"loss={state.last_loss:.4f} up={now - state.started:.2f}s")
    return "\n".join(rows)
