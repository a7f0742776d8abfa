"""Cross-device DP-FedAvg simulation with Poisson client sampling."""
import copy
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

from ledger import LEDGER
from server import DPFedAvgServer

CFG = {"num_clients": 20, "client_rate": 0.3, "rounds": 4, "local_steps": 3,
       "lr": 0.1, "clip_norm": 0.12, "noise_multiplier": 0.8, "delta": 1e-4, "seed": 5}


def make_client_data(num_clients, seed):
    g = torch.Generator().manual_seed(seed)
    data = []
    for cid in range(num_clients):
        x = torch.randn(32, 10, generator=g)
        y = ((x[:, 0] + 0.1 * cid) > 0).long()
        data.append((x, y))
    return data


def local_train(global_model, x, y, cfg):
    model = copy.deepcopy(global_model)
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    for _ in range(cfg["local_steps"]):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model, loss.item()


def main():
    torch.manual_seed(0)
    rng = random.Random(CFG["seed"])
    data = make_client_data(CFG["num_clients"], CFG["seed"])
    server = DPFedAvgServer(nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 2)), CFG)
    for rnd in range(CFG["rounds"]):
        cohort = [cid for cid in range(CFG["num_clients"]) if rng.random() < CFG["client_rate"]]
        updates, scales, losses = [], [], []
        for cid in cohort:
            local_model, loss = local_train(server.global_model, *data[cid], CFG)
            clipped, scale = server.clip_update(local_model)
            updates.append(clipped)
            scales.append(scale)
            losses.append(loss)
        if updates:
            server.aggregate(rnd, updates, scales)
        print(f"round {rnd}: {len(cohort)} clients, mean loss {sum(losses) / max(1, len(losses)):.3f}")
    print(f"clipped fraction {LEDGER.clipped_fraction():.2f}, "
          f"epsilon {LEDGER.epsilon(CFG['delta']):.2f}")


if __name__ == "__main__":
    main()
