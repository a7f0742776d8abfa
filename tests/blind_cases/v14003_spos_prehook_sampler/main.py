"""SPOS search: train a weight-sharing supernet with uniform path sampling, then score paths."""
import itertools

import torch
import torch.nn as nn

from sampler import UniformPathSampler
from supernet import SuperNet

CONFIG = {"in_dim": 10, "dim": 16, "blocks": 3, "classes": 4,
          "steps": 6, "batch": 32, "lr": 0.05, "eval_paths": 8}


def make_batch(n, cfg):
    x = torch.randn(n, cfg["in_dim"])
    y = (x[:, : cfg["classes"]].argmax(1))
    return x, y


def train_supernet(supernet, sampler, cfg):
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
    supernet = SuperNet(cfg["in_dim"], cfg["dim"], cfg["blocks"], cfg["classes"])
    sampler = UniformPathSampler(supernet, seed=seed).install()
    final_loss = train_supernet(supernet, sampler, cfg)
    best_path, acc = evaluate_paths(supernet, cfg)
    return {"seed": seed, "loss": final_loss, "best_path": best_path,
            "acc": acc, "coverage": sampler.coverage()}


def main():
    history = [run_search(seed, CONFIG) for seed in range(2)]
    for record in history:
        print(record)


if __name__ == "__main__":
    main()
