"""Cluster-GCN style training on random partitions, followed by full-graph inference."""
import torch
import torch.nn.functional as F

from graph_context import Graph, graph_scope, set_graph
from layers import build_gcn

CFG = {"nodes": 240, "edges": 960, "features": 12, "hidden": 32, "classes": 4, "parts": 4, "epochs": 3}


def partition(edge_index, num_nodes, parts, gen):
    assignment = torch.randint(0, parts, (num_nodes,), generator=gen)
    clusters = []
    for p in range(parts):
        nodes = (assignment == p).nonzero().squeeze(1)
        local = torch.full((num_nodes,), -1, dtype=torch.long)
        local[nodes] = torch.arange(len(nodes))
        keep = (assignment[edge_index[0]] == p) & (assignment[edge_index[1]] == p)
        clusters.append((nodes, Graph(local[edge_index[:, keep]], len(nodes))))
    return clusters


def main():
    gen = torch.Generator().manual_seed(0)
    torch.manual_seed(0)
    x = torch.randn(CFG["nodes"], CFG["features"], generator=gen)
    y = torch.randint(0, CFG["classes"], (CFG["nodes"],), generator=gen)
    edge_index = torch.randint(0, CFG["nodes"], (2, CFG["edges"]), generator=gen)
    model = build_gcn(CFG["features"], CFG["hidden"], CFG["classes"])
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    for epoch in range(CFG["epochs"]):
        model.train()
        total = 0.0
        for nodes, sub in partition(edge_index, CFG["nodes"], CFG["parts"], gen):
            with graph_scope(sub):
                loss = F.cross_entropy(model(x[nodes]), y[nodes])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch} loss {total / CFG['parts']:.4f}")

    model.eval()
    full = Graph(edge_index, CFG["nodes"])
    set_graph(full)
    with torch.no_grad():
        acc = (model(x).argmax(1) == y).float().mean().item()
    print(f"full-graph accuracy {acc:.3f}")


if __name__ == "__main__":
    main()
