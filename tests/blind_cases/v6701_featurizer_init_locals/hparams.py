"""Helpers that record constructor arguments so objects can be re-created from a config."""


def capture_init_args(obj, args, ignore=()):
    """Copy the caller's constructor arguments onto ``obj``.

    Call as ``capture_init_args(self, locals())`` first thing in ``__init__``.
    """
    public = {k: v for k, v in args.items() if not k.startswith("_") and k not in ignore}
    obj.__dict__.update(public)  # cycle
    obj._arg_names = tuple(sorted(public))


def init_args_of(obj):
    return {name: getattr(obj, name) for name in obj._arg_names
            if isinstance(getattr(obj, name), (int, float, str, bool))}
