"""Process-wide token-level prefix tree that shares prompt K/V across requests."""


class RadixNode:
    __slots__ = ("children", "kv", "hits")

    def __init__(self):
        self.children = {}
        self.kv = None
        self.hits = 0


class RadixPrefixCache:
    def __init__(self, max_nodes=512):
        self.root = RadixNode()
        self.max_nodes = max_nodes
        self.size = 0

    def match(self, ids):
        node, kvs = self.root, []
        for token in ids:
            node = node.children.get(token)
            if node is None:
                break
            node.hits += 1
            kvs.append(node.kv)
        return kvs

    def insert(self, ids, per_position_kv):
        node = self.root
        for token, kv in zip(ids, per_position_kv):
            child = node.children.get(token)
            if child is None:
                if self.size >= self.max_nodes:
                    return
                child = node.children[token] = RadixNode()  # retain
                child.kv = kv  # retain
                self.size += 1
            node = child


PREFIX_CACHE = RadixPrefixCache()
