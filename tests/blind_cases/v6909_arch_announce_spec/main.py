"""Seed sweep over a handful of zoo architectures, with a leaderboard."""
import torch
import torch.nn.functional as F

from arch_log import announce, leaderboard, record
from zoo import ArchSpec, ZooModel

SWEEP = {
    "specs": [
        ArchSpec("mlp", depth=2, width=16),
        ArchSpec("mlp", depth=3, width=16, act="gelu"),
        ArchSpec("mlp", depth=2, width=32, act="silu"),
    ],
    "seeds": [0, 1],
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
    record(model, loss.item())
    return loss.item()


def main():
    runs = 0
    for spec in SWEEP["specs"]:
        for seed in SWEEP["seeds"]:
            train_one(spec, seed, SWEEP)
            runs += 1
    print(f"{runs} runs, {len(leaderboard())} architectures")
    for loss, tag in leaderboard():
        print(f"{tag}: best final loss {loss:.3f}")


if __name__ == "__main__":
    main()
