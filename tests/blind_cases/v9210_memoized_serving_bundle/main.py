"""Sweep two temperatures for an in-batch-negatives ranker; size-check the serving bundle each epoch."""
import torch
import torch.nn.functional as F

from bundle import convert_for_runtime
from model import TwoTowerRanker

SWEEP = [{"temperature": 0.05, "lr": 1e-3}, {"temperature": 0.1, "lr": 3e-3}]


def batch(gen, n=8):
    docs = torch.randn(n, 20, generator=gen)
    query = docs[:, :12] + 0.1 * torch.randn(n, 12, generator=gen)
    return query, docs


def run(cfg, gen):
    model = TwoTowerRanker()
    model.version = "t%.2f" % cfg["temperature"]
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    sizes = []
    for epoch in range(3):
        for _ in range(4):
            query, docs = batch(gen)
            scores = model(query, docs) / cfg["temperature"]
            loss = F.cross_entropy(scores, torch.arange(len(query)))
            opt.zero_grad()
            loss.backward()
            opt.step()
        sizes.append(len(model.serving_bundle().to_bytes()))
    runtime_state = convert_for_runtime(model.state_dict())
    return loss.item(), sizes, sorted(runtime_state)[:2]


def main():
    gen = torch.Generator().manual_seed(11)
    for cfg in SWEEP:
        loss, sizes, keys = run(cfg, gen)
        print("T=%.2f loss %.3f bundle sizes %s keys %s" % (cfg["temperature"], loss, sizes, keys))


if __name__ == "__main__":
    main()
