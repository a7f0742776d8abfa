"""Total / region / store hierarchy used for bottom-up forecast reconciliation."""
import torch


class SeriesNode:
    def __init__(self, name, parent=None):
        self.name = name
        self.parent = parent
        self.child_names = []
        self.history = None
        self.forecast = None

    @property
    def is_leaf(self):
        return not self.child_names


class Hierarchy:
    def __init__(self, root_name="total"):
        self.nodes = {}
        self.root_name = root_name
        self.add(root_name)

    def add(self, name, parent=None):
        node = SeriesNode(name, parent)
        self.nodes[name] = node
        if parent is not None:
            self.nodes[parent].child_names.append(name)
        return node

    @property
    def root(self):
        return self.nodes[self.root_name]

    def children(self, name):
        return [self.nodes[n] for n in self.nodes[name].child_names]

    def leaves(self):
        return [n for n in self.nodes.values() if n.is_leaf]

    def aggregate_history(self, name=None):
        node = self.nodes[name or self.root_name]
        if node.is_leaf:
            return node.history
        node.history = torch.stack([self.aggregate_history(c.name) for c in self.children(node.name)]).sum(0)
        return node.history

    def reconcile(self, name=None):
        node = self.nodes[name or self.root_name]
        if node.is_leaf:
            return node.forecast
        node.forecast = torch.stack([self.reconcile(c.name) for c in self.children(node.name)]).sum(0)
        return node.forecast
