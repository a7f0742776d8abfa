"""Debug launch of the flat-bucket data-parallel wrapper on a single rank, one run per seed."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from ddp import FlatBucketDataParallel, LocalGroup

CONFIG = {"hidden": 48, "bucket_cap_mb": 0.004, "lr": 0.05, "steps": 4}


def build_model(hidden):
    return nn.Sequential(nn.Linear(20, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(),
                         nn.Linear(hidden, 1))


def run(seed, cfg):
    torch.manual_seed(seed)
    group = LocalGroup(rank=0, world_size=1)
    ddp_model = FlatBucketDataParallel(build_model(cfg["hidden"]), group, cfg["bucket_cap_mb"])
    opt = torch.optim.SGD(ddp_model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        x, y = torch.randn(32, 20), torch.randn(32, 1)
        loss = F.mse_loss(ddp_model(x), y)
        opt.zero_grad()
        loss.backward()
        ddp_model.finalize_backward()
        opt.step()
    return loss.item(), group.calls, len(ddp_model.buckets)


def main():
    for seed in range(3):
        final_loss, reductions, n_buckets = run(seed, CONFIG)
        assert reductions == CONFIG["steps"] * n_buckets


if __name__ == "__main__":
    main()
