"""DataLoader worker setup shared by all data modules: seeding and per-worker shard assignment."""
import functools
import random

import torch
from torch.utils.data import get_worker_info


def init_shard_worker(worker_id, datamodule):
    info = get_worker_info()
    seed = datamodule.seed * 1000 + worker_id
    random.seed(seed)
    torch.manual_seed(seed)
    num_workers = info.num_workers if info is not None else 1
    datamodule.train_set.assign_shards(worker_id, num_workers)


def loader_kwargs(datamodule, cfg):
    kwargs = {
        "batch_size": cfg["batch_size"],
        "num_workers": cfg.get("num_workers", 0),
        "pin_memory": cfg.get("pin_memory", False),
        "drop_last": cfg.get("drop_last", False),
    }
    kwargs["worker_init_fn"] = functools.partial(init_shard_worker, datamodule=datamodule)  # cycle
    if kwargs["num_workers"] > 0:
        kwargs["persistent_workers"] = cfg.get("persistent_workers", False)
        kwargs["prefetch_factor"] = cfg.get("prefetch_factor", 2)
    return kwargs
