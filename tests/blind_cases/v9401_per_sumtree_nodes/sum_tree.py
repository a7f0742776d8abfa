"""Sum tree over replay slots: every internal node stores the priority mass below it."""


class SumNode:
    __slots__ = ("total", "left", "right", "parent", "slot", "data")

    def __init__(self, slot=None):
        self.total, self.slot, self.data = 0.0, slot, None
        self.left = self.right = self.parent = None


def _link(children):
    parents = []
    for i in range(0, len(children), 2):
        node = SumNode()
        node.left = children[i]  # cycle
        children[i].parent = node  # cycle
        if i + 1 < len(children):
            node.right = children[i + 1]  # cycle
            children[i + 1].parent = node  # cycle
        parents.append(node)
    return parents


class SumTree:
    def __init__(self, capacity):
        self.capacity = capacity
        self.leaves = [SumNode(slot=i) for i in range(capacity)]
        level = self.leaves
        while len(level) > 1:
            level = _link(level)
        self.root = level[0]
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
        node = self.root
        while node.left is not None:
            if node.right is None or mass <= node.left.total:
                node = node.left
            else:
                mass -= node.left.total
                node = node.right
        return node
