"""Self-training rounds: train on labeled data, propagate labels through a kNN graph of
embeddings, then train on the pseudo-labeled set weighted by certainty."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from propagation import build_knn_graph, propagate, pseudo_labels

CFG = {"dim": 8, "classes": 3, "n": 120, "n_labeled": 12, "k": 5, "rounds": 3, "epochs": 4,
       "lr": 0.01}


class Net(nn.Module):
    def __init__(self, dim, classes):
        super().__init__()
        self.embed = nn.Sequential(nn.Linear(dim, 24), nn.ReLU(), nn.Linear(24, 16))
        self.cls = nn.Linear(16, classes)

    def forward(self, x):
        return self.cls(F.relu(self.embed(x)))


def train(model, opt, x, y, w, epochs):
    for _ in range(epochs):
        loss = (F.cross_entropy(model(x), y, reduction="none") * w).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    g = torch.Generator().manual_seed(0)
    centers = torch.randn(CFG["classes"], CFG["dim"], generator=g) * 2
    y_true = torch.randint(0, CFG["classes"], (CFG["n"],), generator=g)
    x = centers[y_true] + torch.randn(CFG["n"], CFG["dim"], generator=g)
    labeled = torch.zeros(CFG["n"], dtype=torch.bool)
    labeled[: CFG["n_labeled"]] = True

    model = Net(CFG["dim"], CFG["classes"])
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    train(model, opt, x[labeled], y_true[labeled], torch.ones(int(labeled.sum())), CFG["epochs"])
    for rnd in range(CFG["rounds"]):
        with torch.no_grad():
            feats = model.embed(x)
        nodes = build_knn_graph(feats, y_true, labeled, CFG["k"])
        belief = propagate(nodes, CFG["classes"])
        pl, weight = pseudo_labels(belief, CFG["classes"])
        pl[labeled], weight[labeled] = y_true[labeled], 1.0
        loss = train(model, opt, x, pl, weight, CFG["epochs"])
        acc = (pl[~labeled] == y_true[~labeled]).float().mean().item()
        print(f"round {rnd}: loss {loss:.3f}, pseudo-label accuracy {acc:.2f}")


if __name__ == "__main__":
    main()
