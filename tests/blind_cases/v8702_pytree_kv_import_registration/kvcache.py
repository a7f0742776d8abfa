"""Per-layer key/value cache for incremental decoding, registered as a pytree node."""
import torch
from torch.utils._pytree import _register_pytree_node


class LayerKV:
    __slots__ = ("key", "value")

    def __init__(self, key, value):
        self.key = key
        self.value = value

    def extend(self, k, v):
        self.key = torch.cat([self.key, k], dim=2)
        self.value = torch.cat([self.value, v], dim=2)
        return self.key, self.value


class KVCache:
    """One LayerKV per decoder layer plus the number of tokens already cached."""

    def __init__(self, layers, seen_tokens=0):
        self.layers = list(layers)
        self.seen_tokens = seen_tokens

    def __getitem__(self, idx):
        return self.layers[idx]

    def __len__(self):
        return len(self.layers)

    @classmethod
    def empty(cls, n_layers, batch, n_heads, head_dim):
        def blank():
            return torch.zeros(batch, n_heads, 0, head_dim)
        return cls([LayerKV(blank(), blank()) for _ in range(n_layers)])


def _flatten_cache(cache):
    leaves = []
    for layer in cache.layers:
        leaves += [layer.key, layer.value]
    return leaves, (len(cache), cache.seen_tokens)


def _unflatten_cache(leaves, context):
    n_layers, seen_tokens = context
    return KVCache([LayerKV(leaves[2 * i], leaves[2 * i + 1]) for i in range(n_layers)], seen_tokens)


_register_pytree_node(KVCache, _flatten_cache, _unflatten_cache)
