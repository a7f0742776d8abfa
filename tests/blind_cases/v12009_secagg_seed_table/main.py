"""FedAvg with pairwise-masked secure aggregation over a non-IID toy partition."""
import random

import torch
import torch.nn as nn
from torch.nn.utils import parameters_to_vector, vector_to_parameters

from client import SecAggClient
from secagg import setup_masks

CFG = {
    "num_clients": 8,
    "clients_per_round": 4,
    "rounds": 3,
    "local_epochs": 1,
    "batch_size": 16,
    "lr": 0.05,
    "seed": 3,
}


def build_model():
    return nn.Sequential(nn.Linear(10, 24), nn.ReLU(), nn.Linear(24, 4))


def partition(num_clients, per_client=48, seed=0):
    g = torch.Generator().manual_seed(seed)
    shards = {}
    for cid in range(num_clients):
        x = torch.randn(per_client, 10, generator=g)
        y = (x[:, :4].argmax(dim=1) + cid % 2) % 4
        shards[cid] = (x, y)
    return shards


def run_round(global_model, shards, round_idx, rng):
    sampled = rng.sample(sorted(shards), CFG["clients_per_round"])
    clients = [SecAggClient(cid, shards[cid], global_model, CFG["lr"]) for cid in sampled]
    setup_masks(clients, round_idx)
    global_vec = parameters_to_vector(global_model.parameters()).detach()
    total = torch.zeros_like(global_vec)
    losses = []
    for client in clients:
        losses.append(client.local_train(CFG["local_epochs"], CFG["batch_size"]))
        total += client.masked_update(global_vec)
    weight = sum(c.num_examples for c in clients)
    with torch.no_grad():
        vector_to_parameters(global_vec + total / weight, global_model.parameters())
    return sum(losses) / len(losses)


def main():
    torch.manual_seed(CFG["seed"])
    rng = random.Random(CFG["seed"])
    global_model = build_model()
    shards = partition(CFG["num_clients"], seed=CFG["seed"])
    for round_idx in range(CFG["rounds"]):
        loss = run_round(global_model, shards, round_idx, rng)
        print(f"round {round_idx}: mean client loss {loss:.4f}")


if __name__ == "__main__":
    main()
