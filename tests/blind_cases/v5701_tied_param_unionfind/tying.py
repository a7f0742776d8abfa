"""Disjoint-set forest used to find parameters that share storage (tied weights)."""


class _SetNode:
    __slots__ = ("name", "param", "parent", "rank")

    def __init__(self, name, param):
        self.name = name
        self.param = param
        self.parent = self  # cycle
        self.rank = 0


class TiedParameterSets:
    def __init__(self):
        self._nodes = {}

    def add(self, name, param):
        self._nodes[name] = _SetNode(name, param)

    def _find(self, node):
        root = node
        while root.parent is not root:
            root = root.parent
        while node.parent is not root:
            node.parent, node = root, node.parent
        return root

    def union(self, a, b):
        ra, rb = self._find(self._nodes[a]), self._find(self._nodes[b])
        if ra is rb:
            return
        if ra.rank < rb.rank:
            ra, rb = rb, ra
        rb.parent = ra
        if ra.rank == rb.rank:
            ra.rank += 1

    def groups(self):
        out = {}
        for name, node in self._nodes.items():
            out.setdefault(self._find(node).name, []).append(name)
        return out


def find_tied_parameters(model):
    sets = TiedParameterSets()
    by_ptr = {}
    for prefix, module in model.named_modules():
        for local, param in module._parameters.items():
            if param is None:
                continue
            name = f"{prefix}.{local}" if prefix else local
            sets.add(name, param)
            first = by_ptr.setdefault(param.data_ptr(), name)
            if first != name:
                sets.union(first, name)
    return [sorted(names) for names in sets.groups().values() if len(names) > 1]
