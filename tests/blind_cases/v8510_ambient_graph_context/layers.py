"""Graph layers that read the edges from the ambient graph."""
import torch.nn as nn

from graph_context import current_graph


class GraphConv(nn.Module):
    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim)

    def forward(self, x):
        graph = current_graph()
        row, col = graph.edge_index
        edge_w, self_w = graph.sym_norm()
        h = self.lin(x)
        return (h * self_w.unsqueeze(1)).index_add(0, col, h[row] * edge_w.unsqueeze(1))


def build_gcn(in_dim, hidden, classes, dropout=0.3):
    return nn.Sequential(
        GraphConv(in_dim, hidden), nn.ReLU(), nn.Dropout(dropout),
        GraphConv(hidden, hidden), nn.ReLU(),
        GraphConv(hidden, classes),
    )
