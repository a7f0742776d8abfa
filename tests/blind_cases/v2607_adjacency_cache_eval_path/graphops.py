"""Graph convolution with learnable edge weights. The symmetric normalisation
D^-1/2 (A + I) D^-1/2 is shared by every layer of a forward pass, so it is memoised."""
import functools

import torch
import torch.nn as nn


@functools.lru_cache(maxsize=8)  # retain
def normalized_adjacency(edge_weight, edge_index, num_nodes):
    src, dst = edge_index.unbind(0)
    adj = torch.zeros(num_nodes, num_nodes).index_put((src, dst), torch.sigmoid(edge_weight), accumulate=True)
    adj = adj + torch.eye(num_nodes)
    deg_inv_sqrt = adj.sum(1).clamp_min(1e-6).rsqrt()
    return deg_inv_sqrt[:, None] * adj * deg_inv_sqrt[None, :]


def reset_graph_caches():
    normalized_adjacency.cache_clear()


class GraphConv(nn.Module):
    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim)

    def forward(self, x, adj):
        return adj @ self.lin(x)


class GCN(nn.Module):
    def __init__(self, edge_index, num_nodes, dims=(6, 16, 16, 3)):
        super().__init__()
        self.register_buffer("edge_index", edge_index)
        self.num_nodes = num_nodes
        self.edge_weight = nn.Parameter(torch.zeros(edge_index.shape[1]))
        self.convs = nn.ModuleList(GraphConv(a, b) for a, b in zip(dims[:-1], dims[1:]))

    def forward(self, x):
        adj = normalized_adjacency(self.edge_weight, self.edge_index, self.num_nodes)  # retain
        for i, conv in enumerate(self.convs):
            x = conv(x, adj)
            if i < len(self.convs) - 1:
                x = torch.relu(x)
        return x
