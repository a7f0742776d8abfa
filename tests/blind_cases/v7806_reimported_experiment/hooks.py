"""Process-wide event hooks and the per-run settings shared with experiment scripts."""
_EPOCH_END = []
settings = {}


def on_epoch_end(fn):
    """Decorator: call fn(epoch, loss) at the end of every epoch."""
    _EPOCH_END.append(fn)  # retain
    return fn


def epoch_end(epoch, loss):
    for fn in _EPOCH_END:
        fn(epoch, loss)


def configure(**values):
    settings.clear()
    settings.update(values)
