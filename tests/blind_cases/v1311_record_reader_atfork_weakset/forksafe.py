"""Process-wide fork handling for readers that keep open handles."""
import os
import weakref

_LIVE_READERS = weakref.WeakSet()


def track(reader):
    _LIVE_READERS.add(reader)
    return reader


def _reset_readers_in_child():
    for reader in list(_LIVE_READERS):
        reader.reset_handles()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_reset_readers_in_child)
