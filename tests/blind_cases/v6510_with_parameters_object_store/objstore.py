"""Process-local object store so that large trial inputs are not captured in every trial config."""
import uuid

_STORE = {}


class ObjectRef:
    __slots__ = ("key",)

    def __init__(self, key):
        self.key = key

    def __repr__(self):
        return f"ObjectRef({self.key[:8]})"


def put(obj):
    ref = ObjectRef(uuid.uuid4().hex)
    _STORE[ref.key] = obj  # retain
    return ref


def get(ref):
    return _STORE[ref.key]


def free(refs):
    for ref in refs:
        _STORE.pop(ref.key, None)


def stats():
    return {"objects": len(_STORE)}
