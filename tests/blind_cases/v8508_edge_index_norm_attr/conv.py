"""GCN layer with edge weights; the symmetric normalisation is shared by all layers of a forward pass."""
import torch
import torch.nn as nn


def gcn_norm(edge_index, edge_weight, num_nodes):
    row, col = edge_index
    deg = torch.ones(num_nodes).index_add(0, col, edge_weight)
    dis = deg.pow(-0.5)
    return dis[row] * edge_weight * dis[col], dis.pow(2)


class GCNConv(nn.Module):
    def __init__(self, in_dim, out_dim, cached=True):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim)
        self.cached = cached

    def normalized(self, edge_index, edge_weight, num_nodes):
        hit = getattr(edge_index, "_gcn_norm", None)
        if self.cached and hit is not None and hit[0] is edge_weight and hit[1] == num_nodes:
            return hit[2]
        norm = gcn_norm(edge_index, edge_weight, num_nodes)
        if self.cached:
            edge_index._gcn_norm = (edge_weight, num_nodes, norm)  # retain
        return norm

    def forward(self, x, edge_index, edge_weight):
        edge_norm, self_norm = self.normalized(edge_index, edge_weight, x.shape[0])
        h = self.lin(x)
        row, col = edge_index
        return (h * self_norm.unsqueeze(1)).index_add(0, col, h[row] * edge_norm.unsqueeze(1))
