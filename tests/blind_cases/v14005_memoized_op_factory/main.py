"""Differentiable architecture search over a small chain of mixed edges (first-order DARTS)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from search_space import PRIMITIVES, edge_specs, make_op

CONFIG = {"in_dim": 8, "width": 16, "edges": 3, "classes": 3,
          "w_lr": 0.05, "a_lr": 3e-3, "epochs": 2, "steps": 3, "batch": 24}


class MixedEdge(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.ops = nn.ModuleList(make_op(spec) for spec in edge_specs(width))

    def forward(self, x, weights):
        return sum(w * op(x) for w, op in zip(weights, self.ops))


class SearchNetwork(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.stem = nn.Linear(cfg["in_dim"], cfg["width"])
        self.edges = nn.ModuleList(MixedEdge(cfg["width"]) for _ in range(cfg["edges"]))
        self.head = nn.Linear(cfg["width"], cfg["classes"])
        self.alphas = nn.Parameter(1e-3 * torch.randn(cfg["edges"], len(PRIMITIVES)))

    def weight_parameters(self):
        return [p for n, p in self.named_parameters() if n != "alphas"]

    def forward(self, x):
        h = F.relu(self.stem(x))
        for edge, a in zip(self.edges, F.softmax(self.alphas, dim=-1)):
            h = edge(h, a)
        return self.head(h)

    def genotype(self):
        return [PRIMITIVES[i] for i in self.alphas.argmax(dim=-1).tolist()]


def batch(cfg):
    x = torch.randn(cfg["batch"], cfg["in_dim"])
    return x, (x[:, 0] > x[:, 1]).long() + (x[:, 2] > 0).long()


def search(seed, cfg):
    torch.manual_seed(seed)
    net = SearchNetwork(cfg)
    w_opt = torch.optim.SGD(net.weight_parameters(), lr=cfg["w_lr"], momentum=0.9)
    a_opt = torch.optim.Adam([net.alphas], lr=cfg["a_lr"], betas=(0.5, 0.999))
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            xv, yv = batch(cfg)
            a_opt.zero_grad()
            F.cross_entropy(net(xv), yv).backward()
            a_opt.step()
            xt, yt = batch(cfg)
            w_opt.zero_grad()
            loss = F.cross_entropy(net(xt), yt)
            loss.backward()
            w_opt.step()
    return net.genotype(), loss.item()


def main():
    for seed in (0, 1):
        genotype, loss = search(seed, CONFIG)
        print(seed, genotype, round(loss, 4), make_op.cache_info())


if __name__ == "__main__":
    main()
