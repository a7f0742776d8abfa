"""Single-host launch of the RPC agent/observer setup (world of one worker)."""
import os
import tempfile

import torch
import torch.distributed.rpc as rpc

from agent import Agent

CONFIG = {"hidden": 32, "lr": 1e-2, "gamma": 0.99, "seed": 7}
WORKER = "agent0"


def train(n_runs=2, episodes=3, n_steps=6):
    history = []
    for run in range(n_runs):
        torch.manual_seed(run)
        agent = Agent(WORKER, n_observers=2, cfg=dict(CONFIG, seed=CONFIG["seed"] + run))
        for _ in range(episodes):
            agent.run_episode(n_steps)
            history.append(agent.finish_episode())
    return history


def main():
    fd, init_file = tempfile.mkstemp(prefix="rpc_init_")
    os.close(fd)
    os.unlink(init_file)
    opts = rpc.TensorPipeRpcBackendOptions(init_method="file://" + init_file, num_worker_threads=8)
    rpc.init_rpc(WORKER, rank=0, world_size=1, rpc_backend_options=opts)
    try:
        print("mean episode reward %.3f" % train()[-1])
    finally:
        rpc.shutdown()
        if os.path.exists(init_file):
            os.unlink(init_file)


if __name__ == "__main__":
    main()
