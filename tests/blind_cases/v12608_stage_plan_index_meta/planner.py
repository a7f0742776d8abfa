"""Assigns graph nodes to pipeline stages by estimated output size."""
from torch.fx.passes.shape_prop import ShapeProp
from torch.fx.passes.split_module import split_module

COMPUTE_OPS = ("call_function", "call_method", "call_module")


class Stage:
    def __init__(self, index, capacity):
        self.index = index
        self.capacity = capacity
        self.node_names = []
        self.load = 0

    def can_take(self, cost):
        return not self.node_names or self.load + cost <= self.capacity


def output_size(node):
    meta = node.meta.get("tensor_meta")
    if meta is None:
        return 0
    size = 1
    for d in meta.shape:
        size *= d
    return size


def assign_stages(gm, example_args, capacity):
    ShapeProp(gm).propagate(*example_args)
    stages = [Stage(0, capacity)]
    for node in gm.graph.nodes:
        if node.op not in COMPUTE_OPS:
            continue
        cost = output_size(node)
        if not stages[-1].can_take(cost):
            stages.append(Stage(len(stages), capacity))
        stage = stages[-1]
        stage.node_names.append(node.name)
        stage.load += cost
        node.meta["stage"] = stage.index
    return stages


def build_pipeline(gm):
    return split_module(gm, gm, lambda node: node.meta["stage"])
