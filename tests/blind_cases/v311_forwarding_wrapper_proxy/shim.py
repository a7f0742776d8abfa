"""DDP-like forwarding wrapper; the wrapped model gets a weak proxy back to it."""
import contextlib
import weakref


class GradAccumWrapper:
    def __init__(self, module):
        self.module = module
        self.accumulating = False
        module.wrapper = weakref.proxy(self)

    def __getattr__(self, name):
        if name == "module":
            raise AttributeError(name)
        return getattr(self.module, name)

    def __call__(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    @contextlib.contextmanager
    def no_sync(self):
        self.accumulating = True
        try:
            yield
        finally:
            self.accumulating = False
