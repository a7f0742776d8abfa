"""Transparent object proxy (wrapt.ObjectProxy-style): attributes named `_self_*` live on the
proxy, everything else is read from and written to the wrapped object."""


class ObjectProxy:
    def __init__(self, wrapped):
        object.__setattr__(self, "__wrapped__", wrapped)

    def __getattr__(self, name):
        if name == "__wrapped__":
            raise AttributeError(name)
        return getattr(self.__wrapped__, name)

    def __setattr__(self, name, value):
        if name.startswith("_self_"):
            object.__setattr__(self, name, value)
        else:
            setattr(self.__wrapped__, name, value)

    def __call__(self, *args, **kwargs):
        return self.__wrapped__(*args, **kwargs)

    def __repr__(self):
        return f"<{type(self).__name__} for {type(self.__wrapped__).__name__}>"
