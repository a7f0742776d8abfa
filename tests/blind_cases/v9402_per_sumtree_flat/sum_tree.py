"""Sum tree over replay slots, kept as a flat heap of nodes (children of i at 2i+1, 2i+2)."""


class SumNode:
    __slots__ = ("total", "parent", "slot", "data")

    def __init__(self, parent=None, slot=None):
        self.total, self.parent, self.slot, self.data = 0.0, parent, slot, None


class SumTree:
    def __init__(self, capacity):
        self.capacity = capacity
        self.n_internal = 1
        while self.n_internal < capacity:
            self.n_internal *= 2
        self.n_internal -= 1
        self.nodes = []
        for i in range(self.n_internal + capacity):
            parent = self.nodes[(i - 1) // 2] if i > 0 else None
            slot = i - self.n_internal if i >= self.n_internal else None
            self.nodes.append(SumNode(parent=parent, slot=slot))
        self.leaves = self.nodes[self.n_internal:]
        self.root = self.nodes[0]
        self.cursor = self.size = 0

    def add(self, data, priority):
        self.leaves[self.cursor].data = data
        self.update(self.cursor, priority)
        self.cursor = (self.cursor + 1) % self.capacity
        self.size = min(self.size + 1, self.capacity)

    def update(self, slot, priority):
        node = self.leaves[slot]
        delta = priority - node.total
        while node is not None:
            node.total += delta
            node = node.parent

    def find(self, mass):
        i, n = 0, len(self.nodes)
        while i < self.n_internal:
            left, right = 2 * i + 1, 2 * i + 2
            left_total = self.nodes[left].total if left < n else 0.0
            if right >= n or mass <= left_total:
                i = left
            else:
                mass -= left_total
                i = right
        return self.nodes[min(i, n - 1)]
