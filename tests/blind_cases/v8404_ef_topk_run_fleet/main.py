"""FedAvg with compressed uplinks; each experiment simulates its own device fleet."""
import random

import torch
import torch.nn as nn

from clients import IN_DIM, N_CLASSES, make_fleet
from compress import compressed_bytes

CFG = {"devices": 8, "rounds": 4, "clients_per_round": 3, "lr": 0.1, "local_steps": 3, "batch_size": 8, "topk_ratio": 0.1}


class CompressedFedAvgServer:
    def __init__(self, model, fleet, cfg):
        self.model = model
        self.fleet = fleet
        self.cfg = cfg
        self.rng = random.Random(0)
        self.uplink_bytes = 0

    def round(self):
        sampled = self.rng.sample(self.fleet, self.cfg["clients_per_round"])
        uploads = [device.local_update(self.model, self.cfg) for device in sampled]
        total = sum(n for _, n in uploads)
        with torch.no_grad():
            for name, p in self.model.named_parameters():
                step = sum(up[name] * (n / total) for up, n in uploads)
                p.add_(step)
                self.uplink_bytes += sum(compressed_bytes(up[name]) for up, _ in uploads)

    @torch.no_grad()
    def evaluate(self, x, y):
        return nn.functional.cross_entropy(self.model(x), y).item()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(IN_DIM, 32), nn.Tanh(), nn.Linear(32, N_CLASSES))
    server = CompressedFedAvgServer(model, make_fleet(CFG["devices"]), CFG)
    x_val, y_val = torch.randn(64, IN_DIM), torch.randint(0, N_CLASSES, (64,))
    for rnd in range(CFG["rounds"]):
        server.round()
        print(f"round {rnd}: val loss {server.evaluate(x_val, y_val):.3f}, uplink {server.uplink_bytes} B")


if __name__ == "__main__":
    main()
