"""Mini-batch GraphSAGE with sampled one-hop blocks and a custom sparse aggregation kernel."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from graph import sample_block
from ops import gspmm_sum

CFG = {"nodes": 200, "edges": 1200, "in_dim": 16, "hidden": 32, "classes": 4,
       "batch_size": 32, "fanout": 5, "steps": 6}


class SAGEConv(nn.Module):
    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.fc_self = nn.Linear(in_dim, out_dim)
        self.fc_neigh = nn.Linear(in_dim, out_dim)
        self.edge_gate = nn.Linear(in_dim, 1)

    def forward(self, block, feat_src):
        gate = torch.sigmoid(self.edge_gate(feat_src[block.src])).squeeze(1)
        norm = gate / block.in_degrees().clamp(min=1)[block.dst]
        block.srcdata["h"] = feat_src
        block.edata["w"] = norm
        block.dstdata["neigh"] = gspmm_sum(block, feat_src, norm)  # cycle
        h_dst = feat_src[: block.num_dst]
        return self.fc_self(h_dst) + self.fc_neigh(block.dstdata["neigh"])


class Classifier(nn.Module):
    def __init__(self, in_dim, hidden, classes):
        super().__init__()
        self.proj = nn.Linear(in_dim, hidden)
        self.conv = SAGEConv(hidden, hidden)
        self.head = nn.Linear(hidden, classes)

    def forward(self, block, x_src):
        return self.head(F.relu(self.conv(block, F.relu(self.proj(x_src)))))


def main():
    gen = torch.Generator().manual_seed(0)
    x = torch.randn(CFG["nodes"], CFG["in_dim"], generator=gen)
    y = torch.randint(0, CFG["classes"], (CFG["nodes"],), generator=gen)
    adj_src = torch.randint(0, CFG["nodes"], (CFG["edges"],), generator=gen)
    adj_dst = torch.randint(0, CFG["nodes"], (CFG["edges"],), generator=gen)
    model = Classifier(CFG["in_dim"], CFG["hidden"], CFG["classes"])
    opt = torch.optim.Adam(model.parameters(), lr=0.005)
    for step in range(CFG["steps"]):
        seeds = torch.randperm(CFG["nodes"], generator=gen)[: CFG["batch_size"]]
        block, input_nodes = sample_block(seeds, adj_src, adj_dst, CFG["fanout"], gen)
        logits = model(block, x[input_nodes])
        loss = F.cross_entropy(logits, y[seeds])
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
