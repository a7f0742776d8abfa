"""Random-search NAS that compiles every sampled genotype into its own nn.Module subclass."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

OPS = {
    "relu": lambda d: nn.Sequential(nn.Linear(d, d), nn.ReLU()),
    "tanh": lambda d: nn.Sequential(nn.Linear(d, d), nn.Tanh()),
    "gated": lambda d: nn.Linear(d, 2 * d),
    "skip": lambda d: nn.Identity(),
}
CONFIG = {"in_dim": 6, "width": 12, "classes": 3, "layers": 3, "trials": 4, "steps": 4}


def _make_init(genotype, cfg):
    def __init__(self):
        nn.Module.__init__(self)
        self.stem = nn.Linear(cfg["in_dim"], cfg["width"])
        self.cells = nn.ModuleList(OPS[name](cfg["width"]) for name in genotype)
        self.head = nn.Linear(cfg["width"], cfg["classes"])
    return __init__


def _make_forward(genotype):
    def forward(self, x):
        h = F.relu(self.stem(x))
        for name, cell in zip(genotype, self.cells):
            h = F.glu(cell(h), dim=-1) + h if name == "gated" else cell(h) + h
        return self.head(h)
    return forward


def compile_genotype(genotype, cfg):
    """Turn a genotype into a named class, so that repr() and checkpoints show the architecture."""
    name = "Child_" + "_".join(genotype)
    namespace = {
        "__init__": _make_init(genotype, cfg),
        "forward": _make_forward(genotype),
        "GENOTYPE": tuple(genotype),
        "__module__": __name__,
    }
    return type(name, (nn.Module,), namespace)  # cycle


def evaluate(model, cfg, n=64):
    model.eval()
    with torch.no_grad():
        x = torch.randn(n, cfg["in_dim"])
        y = x[:, : cfg["classes"]].argmax(1)
        return (model(x).argmax(1) == y).float().mean().item()


def train_child(child_cls, cfg):
    model = child_cls()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(cfg["steps"]):
        x = torch.randn(32, cfg["in_dim"])
        loss = F.cross_entropy(model(x), x[:, : cfg["classes"]].argmax(1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return evaluate(model, cfg)


def main():
    rng = random.Random(7)
    torch.manual_seed(7)
    leaderboard = []
    for trial in range(CONFIG["trials"]):
        genotype = [rng.choice(sorted(OPS)) for _ in range(CONFIG["layers"])]
        child_cls = compile_genotype(genotype, CONFIG)
        acc = train_child(child_cls, CONFIG)
        leaderboard.append((acc, child_cls.__name__))
    leaderboard.sort(reverse=True)
    print(leaderboard[0])


if __name__ == "__main__":
    main()
