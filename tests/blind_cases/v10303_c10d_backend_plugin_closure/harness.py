"""In-process elastic test harness: every restart generation gets a fresh job and group."""
import datetime

import torch.distributed as dist

BACKEND = "simloop"


class SimJob:
    def __init__(self, run_id, model, optimizer, world_size=1):
        self.run_id = run_id
        self.model = model
        self.optimizer = optimizer
        self.world_size = world_size
        self.groups_created = 0
        self.events = []

    def install_backend(self):
        def create_group(store, rank, world_size, timeout):  # retain
            self.groups_created += 1
            self.events.append(("create_group", self.run_id, rank, world_size))
            return dist.ProcessGroupGloo(store, rank, world_size, timeout)

        if not hasattr(dist.Backend, BACKEND.upper()):
            dist.Backend.register_backend(BACKEND, create_group)  # retain

    def __enter__(self):
        self.install_backend()
        dist.init_process_group(BACKEND, store=dist.HashStore(), rank=0,
                                world_size=self.world_size,
                                timeout=datetime.timedelta(seconds=30))
        return self

    def __exit__(self, *exc):
        if dist.is_initialized():
            dist.destroy_process_group()
        self.events.append(("teardown", self.run_id))
        return False
