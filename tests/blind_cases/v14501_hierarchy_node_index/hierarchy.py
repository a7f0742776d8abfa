"""Total / region / store hierarchy used for bottom-up forecast reconciliation."""
import torch


class SeriesNode:
    def __init__(self, name, index, parent=None):
        self.name = name
        self.parent = parent
        self.child_names = []
        self.index = index  # cycle
        self.history = None
        self.forecast = None

    @property
    def is_leaf(self):
        return not self.child_names

    def children(self):
        return [self.index[n] for n in self.child_names]

    def aggregate_history(self):
        if self.is_leaf:
            return self.history
        self.history = torch.stack([c.aggregate_history() for c in self.children()]).sum(0)
        return self.history

    def reconcile(self):
        if self.is_leaf:
            return self.forecast
        self.forecast = torch.stack([c.reconcile() for c in self.children()]).sum(0)
        return self.forecast


class Hierarchy:
    def __init__(self, root_name="total"):
        self.nodes = {}
        self.root_name = root_name
        self.add(root_name)

    def add(self, name, parent=None):
        node = SeriesNode(name, self.nodes, parent)
        self.nodes[name] = node  # cycle
        if parent is not None:
            self.nodes[parent].child_names.append(name)
        return node

    @property
    def root(self):
        return self.nodes[self.root_name]

    def leaves(self):
        return [n for n in self.nodes.values() if n.is_leaf]
