"""Parallel client training on a thread pool; the server tracks each client's in-flight fit."""
import concurrent.futures as cf
import random
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"rounds": 3, "clients": 6, "per_round": 4, "local_epochs": 2, "batch_size": 16,
          "round_timeout_s": 30.0, "workers": 2}


def make_model():
    return nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 2))


@dataclass
class FitRes:
    client: "Client"
    state: dict
    num_examples: int
    metrics: dict = field(default_factory=dict)


class Client:
    def __init__(self, cid):
        gen = torch.Generator().manual_seed(cid)
        self.cid = cid
        self.x = torch.randn(32 + 8 * cid, 6, generator=gen)
        self.y = (self.x[:, 0] + 0.2 * cid > 0).long()
        self.model = make_model()
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05, momentum=0.9)
        self.pending = None
        self.rounds_done = 0

    def fit(self, global_state, cfg):
        self.model.load_state_dict(global_state)
        loss = torch.zeros(())
        for _ in range(cfg["local_epochs"]):
            for idx in torch.randperm(len(self.y)).split(cfg["batch_size"]):
                loss = F.cross_entropy(self.model(self.x[idx]), self.y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
        self.rounds_done += 1
        state = {k: v.detach().clone() for k, v in self.model.state_dict().items()}
        return FitRes(self, state, len(self.y), {"loss": loss.item()})  # cycle


class Server:
    def __init__(self, clients, seed=0):
        self.model = make_model()
        self.clients = clients
        self.rng = random.Random(seed)

    def fit_round(self, pool):
        sampled = self.rng.sample(self.clients, CONFIG["per_round"])
        global_state = {k: v.clone() for k, v in self.model.state_dict().items()}
        for client in sampled:
            client.pending = pool.submit(client.fit, global_state, CONFIG)  # cycle
        done, _ = cf.wait([c.pending for c in sampled], timeout=CONFIG["round_timeout_s"])
        results = [f.result() for f in done if f.exception() is None]
        total = sum(r.num_examples for r in results)
        averaged = {k: sum(r.state[k] * (r.num_examples / total) for r in results) for k in global_state}
        self.model.load_state_dict(averaged)
        return sum(r.metrics["loss"] * r.num_examples for r in results) / total


def main():
    torch.manual_seed(0)
    server = Server([Client(cid) for cid in range(CONFIG["clients"])])
    with cf.ThreadPoolExecutor(max_workers=CONFIG["workers"]) as pool:
        for rnd in range(CONFIG["rounds"]):
            loss = server.fit_round(pool)
            print(f"round {rnd}: weighted train loss {loss:.4f}")


if __name__ == "__main__":
    main()
