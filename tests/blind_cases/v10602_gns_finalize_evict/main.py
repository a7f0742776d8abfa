"""Batch-size sweep that reads the gradient noise scale of every run."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import gns

CONFIG = {"batch_sizes": [8, 16, 32], "steps": 5, "lr": 0.05, "in_dim": 12, "classes": 3}


def build_model(cfg):
    return nn.Sequential(
        nn.Linear(cfg["in_dim"], 32),
        nn.ReLU(),
        nn.Linear(32, cfg["classes"]),
    )


def run(cfg, batch_size):
    torch.manual_seed(batch_size)
    model = build_model(cfg)
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    key = gns.watch(model, "bs%d" % batch_size)
    for _ in range(cfg["steps"]):
        x = torch.randn(batch_size, cfg["in_dim"])
        y = torch.randint(0, cfg["classes"], (batch_size,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        gns.observe(key)
        opt.step()
    return gns.noise_scale(key, batch_size)


def main():
    results = {}
    for bs in CONFIG["batch_sizes"]:
        results[bs] = run(CONFIG, bs)
    for bs, b_noise in results.items():
        print("batch %3d  B_noise %.2f" % (bs, b_noise))
    print("still tracked:", gns.tracked_names())


if __name__ == "__main__":
    main()
