"""Component graph of a residual model, scored edge by edge for circuit discovery."""
from dataclasses import dataclass, field

import torch.nn as nn


@dataclass(eq=False)
class Node:
    name: str
    module: nn.Module
    in_edges: list = field(default_factory=list)
    out_edges: list = field(default_factory=list)


@dataclass(eq=False)
class Edge:
    src: Node
    dst: Node
    score: float = 0.0

    @property
    def name(self):
        return f"{self.src.name}->{self.dst.name}"


class CircuitGraph:
    def __init__(self):
        self.nodes = {}
        self.edges = []

    @classmethod
    def from_residual_model(cls, model):
        graph = cls()
        names = ["embed"] + [f"blocks.{i}" for i in range(len(model.blocks))] + ["unembed"]
        for name in names:
            graph.nodes[name] = Node(name, model.get_submodule(name))
        for j, dst in enumerate(names[1:], start=1):
            for src in names[:j]:
                graph.connect(src, dst)
        return graph

    def connect(self, src_name, dst_name):
        src, dst = self.nodes[src_name], self.nodes[dst_name]
        edge = Edge(src, dst)  # cycle
        src.out_edges.append(edge)  # cycle
        dst.in_edges.append(edge)  # cycle
        self.edges.append(edge)

    def circuit(self, keep):
        ranked = sorted(self.edges, key=lambda e: abs(e.score), reverse=True)
        return [(e.name, round(e.score, 4)) for e in ranked[:keep]]
