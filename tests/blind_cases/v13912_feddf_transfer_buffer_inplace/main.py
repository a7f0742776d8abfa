"""FedDF simulation: clients train locally, the server fuses them by ensemble distillation."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

from server import FedDFServer

CONFIG = {
    "rounds": 3,
    "clients": 6,
    "per_round": 3,
    "local_steps": 4,
    "batch_size": 16,
    "lr": 0.05,
    "temperature": 2.0,
    "distill_lr": 1e-3,
    "distill_epochs": 2,
    "distill_batch": 16,
}


def make_model():
    return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))


class Client:
    def __init__(self, cid, num_samples):
        gen = torch.Generator().manual_seed(100 + cid)
        self.cid = cid
        self.x = torch.randn(num_samples, 8, generator=gen)
        self.y = (self.x[:, cid % 8] > 0).long() + (self.x[:, 0] > 1).long()

    def fit(self, model, cfg):
        opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
        model.train()
        for _ in range(cfg["local_steps"]):
            idx = torch.randint(0, len(self.y), (cfg["batch_size"],))
            loss = F.cross_entropy(model(self.x[idx]), self.y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        return model, len(self.y)


def main():
    torch.manual_seed(0)
    rng = random.Random(0)
    clients = [Client(cid, 40 + 10 * cid) for cid in range(CONFIG["clients"])]
    server = FedDFServer(make_model(), CONFIG)
    for round_idx in range(CONFIG["rounds"]):
        sampled = rng.sample(clients, CONFIG["per_round"])
        results = [client.fit(server.broadcast(), CONFIG) for client in sampled]
        models = [model for model, _ in results]
        weights = [n for _, n in results]
        kd_loss = server.aggregate(models, weights, round_idx)
        print(f"round {round_idx}: clients={[c.cid for c in sampled]} kd_loss={kd_loss:.4f}")


if __name__ == "__main__":
    main()
