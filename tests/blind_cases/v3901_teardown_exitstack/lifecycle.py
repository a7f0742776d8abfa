"""Deferred teardown actions shared by trainers (checkpoint flush, file handles, temp dirs)."""
import contextlib
import logging

log = logging.getLogger("lifecycle")


class TeardownMixin:
    """Collects actions to run when a trainer is torn down, in LIFO order."""

    _teardown_stack = None

    @property
    def teardown_stack(self):
        if self._teardown_stack is None:
            self._teardown_stack = contextlib.ExitStack()  # cycle
        return self._teardown_stack

    def defer(self, fn, *args, **kwargs):
        self.teardown_stack.callback(fn, *args, **kwargs)  # cycle
        return fn

    def run_teardown(self):
        if self._teardown_stack is not None:
            stack, self._teardown_stack = self._teardown_stack, None
            stack.close()
            log.debug("teardown finished for %s", type(self).__name__)

    def __del__(self):
        try:
            self.run_teardown()
        except Exception:
            log.exception("teardown failed")
