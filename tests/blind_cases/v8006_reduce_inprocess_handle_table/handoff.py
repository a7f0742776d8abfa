"""Zero-copy pickling for objects that are read back inside the same process."""
import itertools
import os

_LIVE = {}
_TOKENS = itertools.count()


def _resolve_handle(token):
    return _LIVE.pop(token)


class InProcessHandle:
    """Mixin: pickle as a process-local handle instead of serializing the tensors.

    Exports published to the in-process model registry are only ever loaded by the
    serving thread of this process, so copying their weights through pickle is wasted work.
    """

    def __reduce_ex__(self, protocol):
        token = "%s:%d:%d" % (type(self).__name__, os.getpid(), next(_TOKENS))
        _LIVE[token] = self  # retain
        return (_resolve_handle, (token,))
