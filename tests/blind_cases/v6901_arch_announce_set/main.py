"""Seed sweep over a handful of zoo architectures."""
import torch
import torch.nn.functional as F

from arch_log import announce, announced_count
from zoo import ArchSpec, ZooModel

SWEEP = {
    "specs": [
        ArchSpec("mlp", depth=2, width=16),
        ArchSpec("mlp", depth=3, width=16, act="gelu"),
    ],
    "seeds": [0, 1, 2],
    "steps": 4,
    "lr": 0.05,
}


def train_one(spec, seed, cfg):
    torch.manual_seed(seed)
    model = ZooModel.from_spec(spec)
    announce(model)
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    for _ in range(cfg["steps"]):
        x = torch.randn(32, spec.in_dim)
        y = torch.randint(0, spec.out_dim, (32,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    results = {}
    for spec in SWEEP["specs"]:
        losses = [train_one(spec, s, SWEEP) for s in SWEEP["seeds"]]
        results[spec.tag] = sum(losses) / len(losses)
    for tag, loss in results.items():
        print(f"{tag}: mean final loss {loss:.3f}")
    assert announced_count() == len(SWEEP["specs"])


if __name__ == "__main__":
    main()
