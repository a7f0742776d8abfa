"""SPOS search: train a weight-sharing supernet with uniform path sampling, then score paths."""
import itertools

import torch
import torch.nn as nn

from sampler import UniformPathSampler

CANDIDATES = ("linear_relu", "linear_tanh", "bottleneck", "skip")
CONFIG = {"in_dim": 10, "dim": 16, "blocks": 3, "classes": 4,
          "steps": 6, "batch": 32, "lr": 0.05, "eval_paths": 8}


def make_candidate(kind, dim):
    if kind == "linear_relu":
        return nn.Sequential(nn.Linear(dim, dim), nn.ReLU())
    if kind == "linear_tanh":
        return nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
    if kind == "bottleneck":
        return nn.Sequential(nn.Linear(dim, dim // 2), nn.ReLU(), nn.Linear(dim // 2, dim))
    return nn.Identity()


class ChoiceBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.candidates = nn.ModuleList(make_candidate(k, dim) for k in CANDIDATES)
        self.active = 0

    def forward(self, x):
        return x + self.candidates[self.active](x)


class SuperNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.stem = nn.Linear(cfg["in_dim"], cfg["dim"])
        self.blocks = nn.ModuleList(ChoiceBlock(cfg["dim"]) for _ in range(cfg["blocks"]))
        self.head = nn.Linear(cfg["dim"], cfg["classes"])

    @property
    def num_choices(self):
        return [len(b.candidates) for b in self.blocks]

    def set_path(self, path):
        for block, choice in zip(self.blocks, path):
            block.active = choice

    def forward(self, x):
        h = torch.relu(self.stem(x))
        for block in self.blocks:
            h = block(h)
        return self.head(h)


def make_batch(n, cfg):
    x = torch.randn(n, cfg["in_dim"])
    return x, x[:, : cfg["classes"]].argmax(1)


def train_supernet(supernet, cfg):
    opt = torch.optim.SGD(supernet.parameters(), lr=cfg["lr"], momentum=0.9)
    supernet.train()
    for _ in range(cfg["steps"]):
        x, y = make_batch(cfg["batch"], cfg)
        loss = nn.functional.cross_entropy(supernet(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


@torch.no_grad()
def evaluate_paths(supernet, cfg):
    supernet.eval()
    x, y = make_batch(64, cfg)
    scores = {}
    space = itertools.product(*(range(n) for n in supernet.num_choices))
    for path in itertools.islice(space, cfg["eval_paths"]):
        supernet.set_path(path)
        scores[path] = (supernet(x).argmax(1) == y).float().mean().item()
    return max(scores.items(), key=lambda kv: kv[1])


def run_search(seed, cfg):
    torch.manual_seed(seed)
    supernet = SuperNet(cfg)
    sampler = UniformPathSampler(seed=seed).install(supernet)
    final_loss = train_supernet(supernet, cfg)
    best_path, acc = evaluate_paths(supernet, cfg)
    return {"seed": seed, "loss": final_loss, "best_path": best_path,
            "acc": acc, "coverage": sampler.coverage()}


def main():
    history = [run_search(seed, CONFIG) for seed in range(2)]
    for record in history:
        print(record)


if __name__ == "__main__":
    main()
