"""Graph-level regression on mini-batches of small molecules-like graphs with a virtual node."""
import random
from functools import cached_property

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"graphs": 48, "batch_size": 8, "atom_types": 6, "hidden": 32, "layers": 3, "epochs": 2}


class GraphBatch:
    def __init__(self, graphs):
        xs, srcs, dsts, batch, offset = [], [], [], [], 0
        for gid, (atoms, edges) in enumerate(graphs):
            xs.append(atoms)
            srcs += [u + offset for u, v in edges] + [v + offset for u, v in edges]
            dsts += [v + offset for u, v in edges] + [u + offset for u, v in edges]
            batch.append(torch.full((len(atoms),), gid, dtype=torch.long))
            offset += len(atoms)
        self.x = torch.cat(xs)
        self.edge_index = torch.tensor([srcs, dsts], dtype=torch.long)
        self.batch = torch.cat(batch)
        self.num_nodes = offset
        self.num_graphs = len(graphs)

    @cached_property
    def sym_norm(self):
        row, col = self.edge_index
        deg = torch.bincount(col, minlength=self.num_nodes).float() + 1.0
        return deg.pow(-0.5)[row] * deg.pow(-0.5)[col], deg.reciprocal()

    @cached_property  # cycle
    def propagate(self):
        row, col = self.edge_index

        def op(h):  # cycle
            edge_w, self_w = self.sym_norm
            out = h * self_w.unsqueeze(1)
            return out.index_add(0, col, h[row] * edge_w.unsqueeze(1))

        return op


class VirtualNodeGCN(nn.Module):
    def __init__(self, atom_types, hidden, layers):
        super().__init__()
        self.embed = nn.Embedding(atom_types, hidden)
        self.convs = nn.ModuleList(nn.Linear(hidden, hidden) for _ in range(layers))
        self.vn_mlps = nn.ModuleList(nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU()) for _ in range(layers - 1))
        self.vn_init = nn.Parameter(torch.zeros(1, hidden))
        self.readout = nn.Sequential(nn.Linear(2 * hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, gb):
        h = self.embed(gb.x)
        vn = self.vn_init.expand(gb.num_graphs, -1)
        for i, conv in enumerate(self.convs):
            h = h + vn[gb.batch]
            h = F.relu(conv(gb.propagate(h)))
            if i < len(self.vn_mlps):
                pooled = torch.zeros_like(vn).index_add(0, gb.batch, h)
                vn = vn + self.vn_mlps[i](pooled)
        counts = torch.bincount(gb.batch, minlength=gb.num_graphs).clamp(min=1).unsqueeze(1)
        summed = torch.zeros(gb.num_graphs, h.shape[1]).index_add(0, gb.batch, h)
        return self.readout(torch.cat([summed / counts, vn], dim=1)).squeeze(1)


def random_molecule(rng, atom_types):
    n = rng.randint(4, 10)
    atoms = torch.tensor([rng.randrange(atom_types) for _ in range(n)])
    edges = [(i, rng.randrange(i)) for i in range(1, n)]
    return atoms, edges


def main():
    rng = random.Random(0)
    torch.manual_seed(0)
    dataset = [random_molecule(rng, CFG["atom_types"]) for _ in range(CFG["graphs"])]
    targets = torch.tensor([float(len(e)) / 10.0 for _, e in dataset])
    model = VirtualNodeGCN(CFG["atom_types"], CFG["hidden"], CFG["layers"])
    opt = torch.optim.Adam(model.parameters(), lr=0.003)
    for epoch in range(CFG["epochs"]):
        order = list(range(len(dataset)))
        rng.shuffle(order)
        for start in range(0, len(order), CFG["batch_size"]):
            idx = order[start:start + CFG["batch_size"]]
            gb = GraphBatch([dataset[i] for i in idx])
            loss = F.mse_loss(model(gb), targets[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} mse {loss.item():.4f}")


if __name__ == "__main__":
    main()
