"""Sub-command registry of the training CLI; commands register at import time."""
import functools
import time

COMMANDS = {}


def command(name, help=""):
    def register(fn):
        fn.help = help
        fn.before_hooks = []
        fn.after_hooks = []
        COMMANDS[name] = fn
        return fn
    return register


class instrumented:
    """Wrap a command so that its hooks run and its wall time is recorded."""

    def __init__(self, fn):
        functools.update_wrapper(self, fn, updated=())
        self.help = fn.help
        self.before_hooks = list(fn.before_hooks)
        self.after_hooks = list(fn.after_hooks)
        self.seconds = 0.0

    def __call__(self, *args, **kwargs):
        for hook in self.before_hooks:
            hook(self.__name__, kwargs)
        start = time.perf_counter()
        result = self.__wrapped__(*args, **kwargs)
        self.seconds = time.perf_counter() - start
        for hook in self.after_hooks:
            hook(self.__name__, result)
        return result
