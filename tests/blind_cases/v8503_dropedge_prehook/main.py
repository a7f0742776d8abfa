"""Node classification on random graphs with DropEdge regularisation, several seeds."""
import torch
import torch.nn.functional as F

from augment import apply_drop_edge
from layers import NodeClassifier

CONFIG = {"nodes": 80, "edges": 320, "features": 12, "hidden": 24, "classes": 3,
          "drop_edge": 0.2, "epochs": 4, "seeds": [0, 1, 2]}


def make_graph(cfg, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(cfg["nodes"], cfg["features"], generator=g)
    edge_index = torch.randint(0, cfg["nodes"], (2, cfg["edges"]), generator=g)
    y = torch.randint(0, cfg["classes"], (cfg["nodes"],), generator=g)
    train_mask = torch.rand(cfg["nodes"], generator=g) < 0.6
    return x, edge_index, y, train_mask


def run(cfg, seed):
    torch.manual_seed(seed)
    x, edge_index, y, train_mask = make_graph(cfg, seed)
    model = NodeClassifier(cfg["features"], cfg["hidden"], cfg["classes"])
    apply_drop_edge(model, cfg["drop_edge"])
    opt = torch.optim.Adam(model.parameters(), lr=0.01, weight_decay=5e-4)
    for epoch in range(cfg["epochs"]):
        model.train()
        logits = model(x, edge_index)
        loss = F.cross_entropy(logits[train_mask], y[train_mask])
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        pred = model(x, edge_index).argmax(1)
    return (pred[~train_mask] == y[~train_mask]).float().mean().item()


def main():
    accs = [run(CONFIG, seed) for seed in CONFIG["seeds"]]
    print("test acc per seed:", ["%.3f" % a for a in accs])


if __name__ == "__main__":
    main()
