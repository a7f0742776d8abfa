"""Edge-gated graph convolution written against the Graph container."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class GatedGraphConv(nn.Module):
    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim)
        self.gate = nn.Linear(2 * out_dim, 1)

    def forward(self, g, feat):
        in_deg = torch.bincount(g.dst, minlength=g.num_nodes).clamp(min=1)
        norm = in_deg.float().pow(-0.5).unsqueeze(-1)
        g.ndata["z"] = self.lin(feat) * norm
        g.apply_edges(lambda e: {"w": torch.sigmoid(self.gate(torch.cat([e.src["z"], e.dst["z"]], -1)))})
        g.update_all(lambda e: {"m": e.src["z"] * e.data["w"]}, "m", "h")
        return F.relu(g.ndata["h"] * norm)


class GraphClassifier(nn.Module):
    def __init__(self, in_dim, hidden, classes, layers=2):
        super().__init__()
        dims = [in_dim] + [hidden] * layers
        self.convs = nn.ModuleList([GatedGraphConv(a, b) for a, b in zip(dims[:-1], dims[1:])])
        self.head = nn.Linear(hidden, classes)

    def forward(self, g):
        with g.local_scope():
            h = g.ndata["feat"]
            for conv in self.convs:
                h = conv(g, h)
            g.ndata["emb"] = h
            return self.head(torch.stack([c.mean(0) for c in g.ndata["emb"].split(g.batch_num_nodes)]))
