"""Debug helpers: remember where expensive objects were constructed."""
import functools
import os
import sys

TRACK_ORIGINS = os.environ.get("TRACK_ORIGINS", "1") == "1"


def track_origin(cls):
    """Class decorator: instances remember the code location that created them.

    The location is resolved lazily in origin(), so construction stays cheap.
    """
    if not TRACK_ORIGINS:
        return cls
    original_init = cls.__init__

    @functools.wraps(original_init)
    def __init__(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        if type(self) is cls:
            object.__setattr__(self, "_created_at", sys._getframe(1))  # cycle

    def origin(self):
        frame = getattr(self, "_created_at", None)
        if frame is None:
            return "<unknown>"
        return "%s:%d (%s)" % (os.path.basename(frame.f_code.co_filename), frame.f_lineno, frame.f_code.co_name)

    cls.__init__ = __init__
    cls.origin = origin
    return cls
