"""Record constructor arguments so that a module can be rebuilt from a checkpoint."""
import functools
import inspect


def save_hparams(cls):
    """Class decorator: after ``__init__`` runs, ``self.hparams`` holds the
    arguments the instance was built with (defaults included)."""
    init = cls.__init__
    sig = inspect.signature(init)

    @functools.wraps(init)
    def __init__(self, *args, **kwargs):
        bound = sig.bind(self, *args, **kwargs)
        bound.apply_defaults()
        init(self, *args, **kwargs)
        self.hparams = {k: v for k, v in bound.arguments.items() if not k.startswith("_")}  # cycle

    cls.__init__ = __init__
    return cls


def describe(module):
    return " ".join("%s=%s" % (k, v) for k, v in sorted(module.hparams.items())
                    if isinstance(v, (int, float, str, bool)))
