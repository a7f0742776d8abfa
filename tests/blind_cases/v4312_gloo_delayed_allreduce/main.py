"""Data-parallel training smoke test: the same loop runs on a one-rank gloo group in CI."""
import torch
import torch.nn as nn

from dist_utils import single_process_group
from reducer import DelayedAllReduce


def make_model():
    return nn.Sequential(nn.Linear(12, 48), nn.LayerNorm(48), nn.GELU(), nn.Linear(48, 48), nn.GELU(), nn.Linear(48, 3))


def train(group, steps=4, accumulation=2):
    model = make_model()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    reducer = DelayedAllReduce(model, group=group, bucket_cap_bytes=8192)
    try:
        for step in range(steps):
            optimizer.zero_grad()
            for micro in range(accumulation):
                x, y = torch.randn(8, 12), torch.randint(0, 3, (8,))
                loss = nn.functional.cross_entropy(model(x), y) / accumulation
                loss.backward()
            optimizer.step()
    finally:
        reducer.close()
    return dict(reducer.stats), len(reducer.buckets)


def main():
    with single_process_group() as group:
        for run in range(2):
            stats, n_buckets = train(group)
            assert stats["backward_passes"] == 8 and n_buckets > 1
            assert stats["allreduce_calls"] == 8 * n_buckets


if __name__ == "__main__":
    main()
