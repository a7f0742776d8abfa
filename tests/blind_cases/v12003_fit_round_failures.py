"""Synchronous FedAvg simulation with unreliable clients (Flower-style fit round)."""
import random
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"num_clients": 6, "per_round": 4, "rounds": 3, "local_steps": 5,
          "batch_size": 16, "lr": 0.05, "dropout_p": 0.08, "min_fit_clients": 2}


class ClientDropout(RuntimeError):
    pass


@dataclass
class FitRes:
    cid: int
    state: dict
    num_examples: int
    loss: float


def build_model():
    return nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 2))


class SimClient:
    def __init__(self, cid, x, y, dropout_p, seed):
        self.cid = cid
        self.x, self.y = x, y
        self.dropout_p = dropout_p
        self.rng = random.Random(seed)

    def fit(self, global_state, config):
        model = build_model()
        model.load_state_dict(global_state)
        opt = torch.optim.SGD(model.parameters(), lr=config["lr"])
        for step in range(config["local_steps"]):
            idx = torch.randint(0, len(self.x), (config["batch_size"],))
            loss = F.cross_entropy(model(self.x[idx]), self.y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            if self.rng.random() < self.dropout_p:
                raise ClientDropout(f"client {self.cid} disconnected at local step {step}")
        state = {k: v.detach().clone() for k, v in model.state_dict().items()}
        return FitRes(self.cid, state, len(self.x), loss.item())


def fit_clients(clients, global_state, config):
    results, failures = [], []
    for client in clients:
        try:
            results.append(client.fit(global_state, config))
        except ClientDropout as err:
            failures.append(err)  # cycle
    return results, failures


def aggregate_fit(results):
    total = sum(r.num_examples for r in results)
    keys = results[0].state.keys()
    return {k: sum(r.state[k] * (r.num_examples / total) for r in results) for k in keys}


class Server:
    def __init__(self, clients, config, seed=0):
        self.clients = clients
        self.config = config
        self.global_model = build_model()
        self.sampler = random.Random(seed)
        self.history = []

    def fit_round(self, rnd):
        sampled = self.sampler.sample(self.clients, self.config["per_round"])
        global_state = {k: v.clone() for k, v in self.global_model.state_dict().items()}
        results, failures = fit_clients(sampled, global_state, self.config)
        if len(results) >= self.config["min_fit_clients"]:
            self.global_model.load_state_dict(aggregate_fit(results))
        mean_loss = sum(r.loss for r in results) / max(1, len(results))
        self.history.append({"round": rnd, "completed": len(results),
                             "failed": len(failures), "loss": mean_loss})


def main():
    torch.manual_seed(0)
    clients = []
    for cid in range(CONFIG["num_clients"]):
        x = torch.randn(64, 8)
        y = (x[:, cid % 8] > 0).long()
        clients.append(SimClient(cid, x, y, CONFIG["dropout_p"], seed=100 + cid))
    server = Server(clients, CONFIG)
    for rnd in range(CONFIG["rounds"]):
        server.fit_round(rnd)
    for row in server.history:
        print(row)


if __name__ == "__main__":
    main()
