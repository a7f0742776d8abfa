"""Dependency graph of a model's leaf layers, recorded from one forward pass."""
import torch


class Node:
    def __init__(self, name, module):
        self.name = name
        self.module = module
        self.inputs = []
        self.outputs = []

    def __repr__(self):
        return f"Node({self.name})"


class DependencyGraph:
    def __init__(self):
        self.nodes = {}

    @torch.no_grad()
    def build(self, model, example):
        producer = {}
        keep = []
        handles = []

        def on_forward(module, inputs, output):
            node = self.nodes[module_names[module]]
            for t in inputs:
                src = producer.get(id(t)) if torch.is_tensor(t) else None
                if src is not None:
                    src.outputs.append(node)  # cycle
                    node.inputs.append(src)  # cycle
            producer[id(output)] = node
            keep.append(output)

        module_names = {}
        for name, module in model.named_modules():
            if name and not list(module.children()):
                module_names[module] = name
                self.nodes[name] = Node(name, module)
                handles.append(module.register_forward_hook(on_forward))
        try:
            model(example)
        finally:
            for h in handles:
                h.remove()
        return self

    def downstream_until(self, node, stop_types):
        found, frontier = [], list(node.outputs)
        while frontier:
            nxt = frontier.pop(0)
            found.append(nxt)
            if not isinstance(nxt.module, stop_types):
                frontier.extend(nxt.outputs)
        return found
