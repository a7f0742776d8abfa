"""FedAvg rounds where every sampled client uploads through a fresh secure channel."""
import copy
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import parameters_to_vector, vector_to_parameters

from runtime import managed, open_count
from secure_channel import SecureChannel

CFG = {"rounds": 3, "clients": 6, "per_round": 3, "local_steps": 3, "lr": 0.1}


class Client:
    def __init__(self, cid):
        gen = torch.Generator().manual_seed(cid)
        self.cid = cid
        self.x = torch.randn(50, 4, generator=gen)
        self.y = self.x[:, :1] * (1 + 0.1 * cid)
        self.model = None
        self.opt = None

    def fit(self, global_model):
        self.model = copy.deepcopy(global_model)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=CFG["lr"])
        for _ in range(CFG["local_steps"]):
            loss = F.mse_loss(self.model(self.x), self.y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        with torch.no_grad():
            return parameters_to_vector(self.model.parameters()) - parameters_to_vector(global_model.parameters())


def run_round(global_model, sampled, nonce):
    received = []
    for client in sampled:
        channel = managed(SecureChannel(client, nonce))  # retain
        sealed, frame = channel.seal(client.fit(global_model))
        received.append(channel.unseal(sealed, frame))
    with torch.no_grad():
        flat = parameters_to_vector(global_model.parameters()) + torch.stack(received).mean(0)
        vector_to_parameters(flat, global_model.parameters())


def main():
    torch.manual_seed(0)
    rng = random.Random(3)
    global_model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
    clients = [Client(cid) for cid in range(CFG["clients"])]
    for rnd in range(CFG["rounds"]):
        run_round(global_model, rng.sample(clients, CFG["per_round"]), nonce=rng.getrandbits(32))
        print(f"round {rnd}: channels opened {open_count()}")


if __name__ == "__main__":
    main()
