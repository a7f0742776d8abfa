"""Pretrained node classifier served by the explanation service (built once at import)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class MessagePassing(nn.Module):
    def __init__(self):
        super().__init__()
        self.explain = False
        self._edge_mask = None

    def propagate(self, x, edge_index):
        src, dst = edge_index
        msg = self.message(x[src])
        if self.explain:
            msg = msg * self._edge_mask.sigmoid().unsqueeze(1)
        return torch.zeros(x.shape[0], msg.shape[1]).index_add(0, dst, msg)

    def message(self, x_j):
        return x_j


class GINConv(MessagePassing):
    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(in_dim, out_dim), nn.ReLU(), nn.Linear(out_dim, out_dim))

    def forward(self, x, edge_index):
        return self.mlp(x + self.propagate(x, edge_index))


class GIN(nn.Module):
    def __init__(self, in_dim, hidden, classes):
        super().__init__()
        self.conv1 = GINConv(in_dim, hidden)
        self.conv2 = GINConv(hidden, classes)

    def forward(self, x, edge_index):
        return F.log_softmax(self.conv2(F.relu(self.conv1(x, edge_index)), edge_index), dim=1)


def load_pretrained():
    torch.manual_seed(0)
    model = GIN(8, 16, 3).eval()
    for p in model.parameters():
        p.requires_grad_(False)
    return model


MODEL = load_pretrained()
