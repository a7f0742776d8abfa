"""Secure aggregation with pairwise additive masks agreed through a toy Diffie-Hellman exchange."""
import copy
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import parameters_to_vector, vector_to_parameters

PRIME = 2147483647
GEN = 16807
CFG = {"rounds": 3, "clients": 7, "cohort": 4, "local_steps": 3, "lr": 0.05}


def make_model():
    return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))


class SecAggClient:
    def __init__(self, cid, rng):
        gen = torch.Generator().manual_seed(cid)
        self.cid = cid
        self.secret = rng.randrange(2, PRIME - 2)
        self.public = pow(GEN, self.secret, PRIME)
        self.x = torch.randn(40, 8, generator=gen)
        self.y = (self.x.sum(1) > 0.1 * cid).long()
        self.cohort = []
        self.local = None

    def join(self, cohort):
        self.cohort = cohort  # cycle

    def shared_seed(self, peer_public):
        return pow(peer_public, self.secret, PRIME)

    def train(self, global_model):
        self.local = copy.deepcopy(global_model)
        opt = torch.optim.SGD(self.local.parameters(), lr=CFG["lr"])
        for _ in range(CFG["local_steps"]):
            loss = F.cross_entropy(self.local(self.x), self.y)
            opt.zero_grad()
            loss.backward()
            opt.step()

    @torch.no_grad()
    def masked_update(self, global_model):
        update = parameters_to_vector(self.local.parameters()) - parameters_to_vector(global_model.parameters())
        for peer in self.cohort:
            if peer.cid == self.cid:
                continue
            gen = torch.Generator().manual_seed(self.shared_seed(peer.public))
            mask = torch.randn(update.shape, generator=gen)
            update += mask if self.cid < peer.cid else -mask
        return update


class Server:
    def __init__(self, clients, seed=0):
        self.model = make_model()
        self.clients = clients
        self.rng = random.Random(seed)

    def run_round(self):
        cohort = self.rng.sample(self.clients, CFG["cohort"])  # cycle
        for client in cohort:
            client.join(cohort)
            client.train(self.model)
        with torch.no_grad():
            total = sum(client.masked_update(self.model) for client in cohort)
            flat = parameters_to_vector(self.model.parameters()) + total / len(cohort)
            vector_to_parameters(flat, self.model.parameters())
        return sorted(client.cid for client in cohort)


def main():
    torch.manual_seed(0)
    rng = random.Random(42)
    server = Server([SecAggClient(cid, rng) for cid in range(CFG["clients"])])
    for rnd in range(CFG["rounds"]):
        print(f"round {rnd}: cohort {server.run_round()}")


if __name__ == "__main__":
    main()
