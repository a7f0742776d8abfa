"""FedAvg with compressed uplinks: sampled clients connect, upload a top-k update, disconnect."""
import random

import torch
import torch.nn as nn

from channel import UPLINK
from client import TopKClient

CONFIG = {"rounds": 4, "clients": 6, "per_round": 3, "local_steps": 3, "ratio": 0.1}


def main():
    torch.manual_seed(0)
    rng = random.Random(1)
    global_model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 3))
    clients = [TopKClient(cid, CONFIG["ratio"]) for cid in range(CONFIG["clients"])]
    for rnd in range(CONFIG["rounds"]):
        sampled = rng.sample(clients, CONFIG["per_round"])
        updates = []
        for client in sampled:
            client.connect()
            try:
                updates.append(client.fit(global_model, CONFIG["local_steps"]))
            finally:
                client.disconnect()
        with torch.no_grad():
            for name, p in global_model.named_parameters():
                p.add_(torch.stack([u[name] for u in updates]).mean(0))
        print(f"round {rnd}: uplink bytes so far {UPLINK.bytes_sent}")


if __name__ == "__main__":
    main()
