"""Name -> class registry shared by configs and components."""

COMPONENTS = {}


def register(kind):
    def deco(cls):
        if kind in COMPONENTS:
            raise KeyError(f"{kind} already registered")
        COMPONENTS[kind] = cls
        return cls
    return deco


def lookup(kind):
    try:
        return COMPONENTS[kind]
    except KeyError:
        raise KeyError(f"unknown component {kind!r}; known: {sorted(COMPONENTS)}") from None
