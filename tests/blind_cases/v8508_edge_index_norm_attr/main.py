"""Small sweep over hidden sizes for an edge-gated GCN on the shared citation graph."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from conv import GCNConv
from data import DATASET

SWEEP = [{"hidden": 16, "lr": 0.01}, {"hidden": 32, "lr": 0.01}, {"hidden": 32, "lr": 0.005}]
EPOCHS = 5


class EdgeGatedGCN(nn.Module):
    def __init__(self, in_dim, edge_dim, hidden, classes):
        super().__init__()
        self.edge_gate = nn.Sequential(nn.Linear(edge_dim, 8), nn.ReLU(), nn.Linear(8, 1))
        self.conv1 = GCNConv(in_dim, hidden)
        self.conv2 = GCNConv(hidden, classes)

    def forward(self, data):
        w = torch.sigmoid(self.edge_gate(data.edge_attr)).squeeze(1)
        h = F.dropout(F.relu(self.conv1(data.x, data.edge_index, w)), 0.5, self.training)
        return self.conv2(h, data.edge_index, w)


def run(cfg, data):
    torch.manual_seed(0)
    model = EdgeGatedGCN(data.x.shape[1], data.edge_attr.shape[1], cfg["hidden"], int(data.y.max()) + 1)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"], weight_decay=5e-4)
    best = 0.0
    for epoch in range(EPOCHS):
        model.train()
        out = model(data)
        loss = F.cross_entropy(out[data.train_mask], data.y[data.train_mask])
        opt.zero_grad()
        loss.backward()
        opt.step()
        model.eval()
        pred = model(data).argmax(1)
        best = max(best, (pred[data.val_mask] == data.y[data.val_mask]).float().mean().item())
    return best


def main():
    for cfg in SWEEP:
        print(cfg, "val acc %.3f" % run(cfg, DATASET))


if __name__ == "__main__":
    main()
