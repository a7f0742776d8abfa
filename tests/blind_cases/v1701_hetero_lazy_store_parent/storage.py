"""Per-type attribute stores used by heterogeneous graph mini-batches."""
import torch


class BaseStore:
    """Attribute-style mapping of tensors that remembers which batch it belongs to."""

    def __init__(self, owner, key):
        self.__dict__["_mapping"] = {}
        self.__dict__["_key"] = key
        self.__dict__["_parent"] = owner  # cycle

    def __setattr__(self, name, value):
        self._mapping[name] = value

    def __getattr__(self, name):
        try:
            return self.__dict__["_mapping"][name]
        except KeyError:
            raise AttributeError(name) from None

    def keys(self):
        return list(self._mapping)

    def to(self, device):
        for name, value in self._mapping.items():
            if torch.is_tensor(value):
                self._mapping[name] = value.to(device)
        return self


class NodeStore(BaseStore):
    @property
    def num_nodes(self):
        return self._mapping["x"].size(0)


class EdgeStore(BaseStore):
    @property
    def src_type(self):
        return self._key[0]

    @property
    def dst_type(self):
        return self._key[-1]

    @property
    def num_edges(self):
        return self._mapping["edge_index"].size(1)


def make_store(owner, key):
    cls = EdgeStore if isinstance(key, tuple) else NodeStore
    return cls(owner, key)
