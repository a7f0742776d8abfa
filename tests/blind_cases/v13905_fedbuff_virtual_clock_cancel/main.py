"""Asynchronous FL simulation on a virtual clock with heterogeneous client latencies."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from fedbuff import FedBuffServer

CFG = {"concurrency": 4, "buffer_size": 3, "target_version": 3, "local_steps": 3,
       "client_lr": 0.05, "server_lr": 1.0}


class Client:
    def __init__(self, cid, latency):
        gen = torch.Generator().manual_seed(cid)
        self.cid = cid
        self.latency = latency
        self.x = torch.randn(48, 5, generator=gen)
        self.y = self.x @ torch.linspace(-1, 1, 5).unsqueeze(1) + 0.05 * cid

    def train(self, job, steps):
        start = [p.detach().clone() for p in job.model.parameters()]
        for _ in range(steps):
            idx = torch.randint(0, self.x.shape[0], (16,))
            loss = F.mse_loss(job.model(self.x[idx]), self.y[idx])
            job.opt.zero_grad()
            loss.backward()
            job.opt.step()
        job.delta = [p.detach() - s for p, s in zip(job.model.parameters(), start)]


def main():
    torch.manual_seed(0)
    clients = [Client(cid, latency=1.0 + 2.0 * (cid % 3)) for cid in range(8)]
    model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 1))
    server = FedBuffServer(model, clients, CFG)
    for version, t in server.run():
        print(f"version {version} at t={t:.2f}")
    print(f"discarded {server.dropped_in_flight} in-flight updates")


if __name__ == "__main__":
    main()
