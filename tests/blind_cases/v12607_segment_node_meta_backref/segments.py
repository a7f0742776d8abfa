"""Cuts a traced graph into pipeline segments of bounded activation size."""
from dataclasses import dataclass, field

from torch.fx.passes.shape_prop import ShapeProp
from torch.fx.passes.split_module import split_module


@dataclass(eq=False)
class Segment:
    index: int
    budget: int
    nodes: list = field(default_factory=list)
    activation_numel: int = 0

    def full(self):
        return self.activation_numel >= self.budget


def _numel(node):
    meta = node.meta.get("tensor_meta")
    if meta is None:
        return 0
    n = 1
    for d in meta.shape:
        n *= d
    return n


def plan_segments(gm, example_args, budget):
    ShapeProp(gm).propagate(*example_args)
    segments = [Segment(0, budget)]
    for node in gm.graph.nodes:
        if node.op not in ("call_function", "call_method", "call_module"):
            continue
        seg = segments[-1]
        if seg.full():
            seg = Segment(len(segments), budget)
            segments.append(seg)
        seg.nodes.append(node)  # cycle
        seg.activation_numel += _numel(node)
        node.meta["segment"] = seg  # cycle
    return segments


def split_by_plan(gm):
    return split_module(gm, gm, lambda node: node.meta["segment"].index)
