"""Heterogeneous mini-batch: node and edge stores are created on first access."""
from storage import EdgeStore, NodeStore, make_store


class HeteroBatch:
    def __init__(self, **meta):
        self._stores = {}  # cycle
        self.meta = dict(meta)

    def __getitem__(self, key):
        store = self._stores.get(key)
        if store is None:
            store = make_store(self, key)
            self._stores[key] = store  # cycle
        return store

    @property
    def node_types(self):
        return [k for k, s in self._stores.items() if isinstance(s, NodeStore)]

    @property
    def edge_types(self):
        return [k for k, s in self._stores.items() if isinstance(s, EdgeStore)]

    def to(self, device):
        for store in self._stores.values():
            store.to(device)
        return self
