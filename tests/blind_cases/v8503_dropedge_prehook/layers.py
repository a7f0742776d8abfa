"""Message/aggregate/update layers written in plain torch."""
import torch
import torch.nn as nn


class MessagePassing(nn.Module):
    def __init__(self, aggr="add"):
        super().__init__()
        self.aggr = aggr

    def propagate(self, edge_index, x):
        src, dst = edge_index
        msg = self.message(x[src], x[dst])
        out = self.aggregate(msg, dst, x.shape[0])
        return self.update(out, x)

    def message(self, x_j, x_i):
        return x_j

    def aggregate(self, msg, index, num_nodes):
        out = msg.new_zeros(num_nodes, msg.shape[1]).index_add_(0, index, msg)
        if self.aggr == "mean":
            deg = torch.bincount(index, minlength=num_nodes).clamp(min=1)
            out = out / deg.unsqueeze(1).to(out.dtype)
        return out

    def update(self, aggr_out, x):
        return aggr_out


class EdgeConv(MessagePassing):
    def __init__(self, in_dim, out_dim):
        super().__init__(aggr="mean")
        self.mlp = nn.Sequential(nn.Linear(2 * in_dim, out_dim), nn.ReLU(), nn.Linear(out_dim, out_dim))
        self.root = nn.Linear(in_dim, out_dim)

    def forward(self, x, edge_index):
        return self.propagate(edge_index, x)

    def message(self, x_j, x_i):
        return self.mlp(torch.cat([x_i, x_j - x_i], dim=1))

    def update(self, aggr_out, x):
        return aggr_out + self.root(x)


class NodeClassifier(nn.Module):
    def __init__(self, in_dim, hidden, num_classes):
        super().__init__()
        self.convs = nn.ModuleList([EdgeConv(in_dim, hidden), EdgeConv(hidden, hidden)])
        self.head = nn.Linear(hidden, num_classes)

    def forward(self, x, edge_index):
        for conv in self.convs:
            x = torch.relu(conv(x, edge_index))
        return self.head(x)
