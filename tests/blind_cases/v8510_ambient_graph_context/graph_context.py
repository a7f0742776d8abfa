"""Ambient graph for message-passing layers stacked inside nn.Sequential (one tensor in, one out)."""
from contextlib import contextmanager

import torch

_STATE = {"graph": None}


class Graph:
    def __init__(self, edge_index, num_nodes):
        self.edge_index = edge_index
        self.num_nodes = num_nodes
        self.cache = {}

    def sym_norm(self):
        if "sym_norm" not in self.cache:
            row, col = self.edge_index
            deg = torch.bincount(col, minlength=self.num_nodes).float() + 1.0
            self.cache["sym_norm"] = (deg.pow(-0.5)[row] * deg.pow(-0.5)[col], deg.reciprocal())
        return self.cache["sym_norm"]


def set_graph(graph):
    _STATE["graph"] = graph  # retain


def current_graph():
    graph = _STATE["graph"]
    if graph is None:
        raise RuntimeError("no graph bound: use graph_scope(g) or set_graph(g)")
    return graph


@contextmanager
def graph_scope(graph):
    previous = _STATE["graph"]
    _STATE["graph"] = graph
    try:
        yield graph
    finally:
        _STATE["graph"] = previous
