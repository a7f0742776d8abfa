"""Launcher: one parameter server and two async trainers on a one-worker RPC world."""
import os
import tempfile

import torch
import torch.distributed.rpc as rpc
from torch.distributed.rpc import RRef

from ps import ParameterServer
from trainer import run_trainer

CFG = {"in_dim": 8, "hidden": 32, "n_classes": 2, "lr": 0.05, "batch": 16}
WORKER = "ps0"


def run_job(job_id, n_trainers=2, steps=4):
    torch.manual_seed(job_id)
    ps = ParameterServer(CFG)
    ps_rref = RRef(ps)
    futs = [rpc.rpc_async(WORKER, run_trainer, args=(rank, ps_rref, CFG, steps))
            for rank in range(n_trainers)]
    mean_losses = [fut.wait() for fut in futs]
    return ps.version, sum(mean_losses) / len(mean_losses)


def main():
    fd, init_file = tempfile.mkstemp(prefix="rpc_init_")
    os.close(fd)
    os.unlink(init_file)
    opts = rpc.TensorPipeRpcBackendOptions(init_method="file://" + init_file, num_worker_threads=8)
    rpc.init_rpc(WORKER, rank=0, world_size=1, rpc_backend_options=opts)
    try:
        for job_id in range(2):
            version, loss = run_job(job_id)
            print("job %d: %d updates, loss %.4f" % (job_id, version, loss))
    finally:
        rpc.shutdown()
        if os.path.exists(init_file):
            os.unlink(init_file)


if __name__ == "__main__":
    main()
