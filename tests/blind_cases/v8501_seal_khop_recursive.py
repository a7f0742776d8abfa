"""SEAL-style link prediction: a small GNN scores the enclosing subgraph of every target link."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"num_nodes": 60, "num_edges": 180, "hops": 2, "hidden": 16, "max_label": 8, "epochs": 2, "links_per_epoch": 6}


def random_graph(n, m, seed=0):
    rng = random.Random(seed)
    adj = {i: set() for i in range(n)}
    while sum(len(v) for v in adj.values()) < 2 * m:
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            adj[u].add(v)
            adj[v].add(u)
    return {k: sorted(v) for k, v in adj.items()}


class SubgraphExtractor:
    def __init__(self, adj, hops):
        self.adj = adj
        self.hops = hops

    def enclosing(self, src, dst):
        dist = {src: (0, None), dst: (None, 0)}

        def grow(frontier, hop, side):  # cycle
            if hop > self.hops or not frontier:
                return
            nxt = []
            for node in frontier:
                for nb in self.adj[node]:
                    d = dist.get(nb, (None, None))
                    if d[side] is None:
                        d = (hop, d[1]) if side == 0 else (d[0], hop)
                        dist[nb] = d
                        nxt.append(nb)
            grow(nxt, hop + 1, side)

        grow([src], 1, 0)
        grow([dst], 1, 1)
        nodes = [src, dst] + sorted(n for n in dist if n not in (src, dst))
        index = {n: i for i, n in enumerate(nodes)}
        edges = [(index[u], index[v]) for u in nodes for v in self.adj[u] if v in index and not {u, v} == {src, dst}]
        labels = [self.drnl(*dist[n]) for n in nodes]
        return nodes, edges, labels

    @staticmethod
    def drnl(du, dv):
        if du is None or dv is None:
            return 0
        d = du + dv
        return min(1 + min(du, dv) + (d // 2) * (d // 2 + d % 2 - 1), CFG["max_label"] - 1)


class SubgraphGCN(nn.Module):
    def __init__(self, max_label, hidden):
        super().__init__()
        self.label_emb = nn.Embedding(max_label, hidden)
        self.lin1 = nn.Linear(hidden, hidden)
        self.lin2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, edges, labels):
        h = self.label_emb(labels)
        n = h.shape[0]
        adj = torch.eye(n)
        if edges:
            idx = torch.tensor(edges).t()
            adj[idx[0], idx[1]] = 1.0
        adj = adj / adj.sum(1, keepdim=True)
        h = F.relu(self.lin1(adj @ h))
        h = F.relu(self.lin2(adj @ h))
        return self.out(h[:2].prod(0))


def main():
    torch.manual_seed(0)
    adj = random_graph(CFG["num_nodes"], CFG["num_edges"])
    extractor = SubgraphExtractor(adj, CFG["hops"])
    model = SubgraphGCN(CFG["max_label"], CFG["hidden"])
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    rng = random.Random(1)
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["links_per_epoch"]):
            u = rng.randrange(CFG["num_nodes"])
            pos = (u, adj[u][0])
            neg = (u, rng.choice([v for v in range(CFG["num_nodes"]) if v != u and v not in adj[u]]))
            loss = 0.0
            for (s, t), y in ((pos, 1.0), (neg, 0.0)):
                nodes, edges, labels = extractor.enclosing(s, t)
                logit = model(edges, torch.tensor(labels))
                loss = loss + F.binary_cross_entropy_with_logits(logit, torch.tensor([y]))
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
