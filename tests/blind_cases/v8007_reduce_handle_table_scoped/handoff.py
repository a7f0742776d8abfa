"""Zero-copy pickling for objects that are read back inside the same process."""
import contextlib
import contextvars
import itertools
import pickle

_ACTIVE_TABLE = contextvars.ContextVar("inprocess_handle_table", default=None)
_TOKENS = itertools.count()


@contextlib.contextmanager
def handle_scope(table):
    """Route InProcessHandle pickling and unpickling through ``table`` while active."""
    reset_token = _ACTIVE_TABLE.set(table)
    try:
        yield table
    finally:
        _ACTIVE_TABLE.reset(reset_token)


def _resolve_handle(token):
    table = _ACTIVE_TABLE.get()
    if table is None or token not in table:
        raise pickle.UnpicklingError("in-process handle %r loaded outside its scope" % token)
    return table[token]


class InProcessHandle:
    """Mixin: pickle as a process-local handle instead of serializing the tensors.

    Exports published to the in-process model registry are only ever loaded by the
    serving thread of this process, so copying their weights through pickle is wasted work.
    Outside a handle scope the object pickles normally.
    """

    def __reduce_ex__(self, protocol):
        table = _ACTIVE_TABLE.get()
        if table is None:
            return super().__reduce_ex__(protocol)
        token = "%s:%d" % (type(self).__name__, next(_TOKENS))
        table[token] = self
        return (_resolve_handle, (token,))
