"""Finds training steps without the user's help: every optimizer ``step`` call is one step.
torch >= 2.0 has a global post-step hook; for older torch the ``step`` of each optimizer class is
wrapped at class level (no per-instance references, so no new cycles)."""
import functools
import importlib.abc
import importlib.util
import sys

_WRAPPED = "_cyclecheck_step_wrapped"


def _wrap_class(cls, on_step):
    step = cls.__dict__.get("step")
    if step is None or getattr(step, _WRAPPED, False):
        return

    @functools.wraps(step)
    def step_and_mark(*args, **kwargs):
        try:
            return step(*args, **kwargs)
        finally:
            on_step()

    setattr(step_and_mark, _WRAPPED, True)
    cls.step = step_and_mark


def _all_subclasses(cls):
    seen, todo = [], [cls]
    while todo:
        c = todo.pop()
        for sub in c.__subclasses__():
            if sub not in seen:
                seen.append(sub)
                todo.append(sub)
    return seen


class _AfterImport(importlib.abc.MetaPathFinder):
    """Calls ``callback`` right after module ``name`` has been executed (the script imports torch
    after the monitor starts, and with the collector off no gc callback would notice)."""

    def __init__(self, name, callback):
        self.name = name
        self.callback = callback
        self._busy = False

    def find_spec(self, fullname, path, target=None):
        if fullname != self.name or self._busy:
            return None
        self._busy = True
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            self._busy = False
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return None
        real, callback = spec.loader, self.callback

        class Loader(importlib.abc.Loader):
            def create_module(self, spec):
                return real.create_module(spec)

            def exec_module(self, module):
                real.exec_module(module)
                callback()

        spec.loader = Loader()
        return spec


class OptimizerSteps:
    """Calls ``on_step`` after every optimizer step once torch.optim is imported."""

    def __init__(self, on_step):
        self._on_step = on_step
        self.installed = False
        self._handle = None
        self._patched_init = None
        self._finder = None

    def try_install(self):
        if self.installed:
            return True
        optim = sys.modules.get("torch.optim.optimizer")
        if optim is None or not hasattr(optim, "Optimizer"):
            if self._finder is None:
                self._finder = _AfterImport("torch.optim.optimizer", self.try_install)
                sys.meta_path.insert(0, self._finder)
            return False
        self._remove_finder()
        self.installed = True
        register = getattr(optim, "register_optimizer_step_post_hook", None)
        if register is not None:
            self._handle = register(lambda *_: self._on_step())
            return True
        base = optim.Optimizer
        for cls in _all_subclasses(base):
            _wrap_class(cls, self._on_step)
        # Classes defined later: wrap when their first instance is made.
        original_init = base.__init__
        on_step = self._on_step

        @functools.wraps(original_init)
        def init_and_wrap(opt, *args, **kwargs):
            original_init(opt, *args, **kwargs)
            for cls in type(opt).__mro__:
                if cls is base:
                    break
                _wrap_class(cls, on_step)

        self._patched_init = (base, original_init)
        base.__init__ = init_and_wrap
        return True

    def _remove_finder(self):
        if self._finder is not None:
            try:
                sys.meta_path.remove(self._finder)
            except ValueError:
                pass
            self._finder = None

    def uninstall(self):
        self._remove_finder()
        if self._handle is not None:
            self._handle.remove()
            self._handle = None
        if self._patched_init is not None:
            base, original = self._patched_init
            base.__init__ = original
            self._patched_init = None
