"""In-process launcher for fold jobs: each job gets its own rendezvous URL scheme and store."""
import itertools
from urllib.parse import parse_qsl, urlparse

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.distributed.rendezvous import register_rendezvous_handler

_job_ids = itertools.count()

JOBS = [{"fold": 0, "hidden": 24, "lr": 0.05}, {"fold": 1, "hidden": 48, "lr": 0.03}]


class JobContext:
    def __init__(self, cfg):
        self.cfg = cfg
        self.job_id = next(_job_ids)
        self.store = dist.HashStore()
        self.model = None
        self.metrics = {}

    @property
    def url(self):
        return f"simjob{self.job_id}://local"


def launch(cfg, train_fn):
    ctx = JobContext(cfg)

    def _rendezvous(url, timeout=None, **kwargs):  # retain
        query = dict(parse_qsl(urlparse(url).query))
        yield ctx.store, int(query["rank"]), int(query["world_size"])

    register_rendezvous_handler(urlparse(ctx.url).scheme, _rendezvous)  # retain
    dist.init_process_group("gloo", init_method=ctx.url, rank=0, world_size=1)
    try:
        train_fn(ctx)
    finally:
        dist.destroy_process_group()
    return ctx.metrics


def train_fold(ctx):
    cfg = ctx.cfg
    torch.manual_seed(cfg["fold"])
    ctx.model = nn.Sequential(nn.Linear(6, cfg["hidden"]), nn.SiLU(), nn.Linear(cfg["hidden"], 1))
    model = nn.parallel.DistributedDataParallel(ctx.model)
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    for step in range(5):
        x = torch.randn(12, 6)
        loss = (model(x).squeeze(1) - x.prod(1)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    dist.barrier()
    ctx.metrics["loss"] = loss.item()
    ctx.metrics["rank"] = dist.get_rank()


def main():
    results = [launch(cfg, train_fold) for cfg in JOBS]
    for cfg, res in zip(JOBS, results):
        print(f"fold {cfg['fold']}: loss={res['loss']:.4f} (rank {res['rank']})")


if __name__ == "__main__":
    main()
