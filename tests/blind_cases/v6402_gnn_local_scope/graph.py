"""Small DGL-flavoured graph container: node and edge frames plus message passing."""
import contextlib

import torch


class EdgeView:
    def __init__(self, graph):
        self.src, self.dst = ({k: v[idx] for k, v in graph.ndata.items()} for idx in (graph.src, graph.dst))
        self.data = graph.edata


class Graph:
    def __init__(self, src, dst, num_nodes):
        self.src, self.dst, self.num_nodes = src, dst, num_nodes
        self.ndata, self.edata = {}, {}
        self.batch_num_nodes = [num_nodes]

    @contextlib.contextmanager
    def local_scope(self):
        frames = self.ndata, self.edata
        self.ndata, self.edata = dict(self.ndata), dict(self.edata)
        try:
            yield self
        finally:
            self.ndata, self.edata = frames

    def apply_edges(self, func):
        for key, value in func(EdgeView(self)).items():
            self.edata[key] = value

    def update_all(self, message_func, msg_key, out_key):
        msg = message_func(EdgeView(self))[msg_key]
        agg = msg.new_zeros(self.num_nodes, msg.shape[-1]).index_add(0, self.dst, msg)
        self.ndata[out_key] = agg


def batch(graphs):
    offsets = torch.tensor([0] + [g.num_nodes for g in graphs]).cumsum(0).tolist()
    out = Graph(torch.cat([g.src + o for g, o in zip(graphs, offsets)]),
                torch.cat([g.dst + o for g, o in zip(graphs, offsets)]), offsets[-1])
    out.ndata = {k: torch.cat([g.ndata[k] for g in graphs]) for k in graphs[0].ndata}
    out.batch_num_nodes = [g.num_nodes for g in graphs]
    return out
