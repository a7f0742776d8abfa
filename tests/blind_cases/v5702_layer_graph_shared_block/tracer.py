"""Hook-based layer graph tracer used for the per-epoch architecture report."""
from functools import partial

import torch


class OpNode:
    def __init__(self, name, module):
        self.name = name
        self.module = module
        self.inputs = []
        self.calls = 0
        self.out_shape = None

    @property
    def param_count(self):
        return sum(p.numel() for p in self.module.parameters(recurse=False))


class LayerGraphTracer:
    def __init__(self, model):
        self.model = model
        self.nodes = {}
        self._producer = {}
        self._live = []

    def _leaves(self):
        for name, module in self.model.named_modules():
            if next(module.children(), None) is None:
                yield name, module

    def _on_pre(self, name, module, inputs):
        node = self.nodes.get(module)
        if node is None:
            node = self.nodes[module] = OpNode(name, module)
        node.calls += 1
        for t in inputs:
            src = self._producer.get(id(t))
            if src is not None and src not in node.inputs:
                node.inputs.append(src)  # cycle

    def _on_post(self, name, module, inputs, output):
        node = self.nodes[module]
        node.out_shape = tuple(output.shape)
        self._producer[id(output)] = node
        self._live.append(output)

    def trace(self, *example):
        handles = []
        was_training = self.model.training
        self.model.eval()
        try:
            for name, module in self._leaves():
                handles.append(module.register_forward_pre_hook(partial(self._on_pre, name)))
                handles.append(module.register_forward_hook(partial(self._on_post, name)))
            with torch.no_grad():
                self.model(*example)
        finally:
            for h in handles:
                h.remove()
            self._live.clear()
            self._producer.clear()
            self.model.train(was_training)
        return list(self.nodes.values())


def layer_report(model, *example):
    lines = []
    for node in LayerGraphTracer(model).trace(*example):
        sources = ", ".join(src.name for src in node.inputs) or "<input>"
        lines.append(f"{node.name:<10} x{node.calls} {node.param_count:>5}p {node.out_shape} <- {sources}")
    return lines
