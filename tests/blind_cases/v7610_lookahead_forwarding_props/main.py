"""Lookahead(SGD) vs. Lookahead(Adam) on a toy autoencoder, with one-cycle-like warm-up."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim.lr_scheduler import LambdaLR

from lookahead import Lookahead

RUNS = [
    {"name": "la-sgd", "opt": "sgd", "lr": 0.05, "k": 5, "alpha": 0.5, "steps": 12},
    {"name": "la-adam", "opt": "adam", "lr": 2e-3, "k": 6, "alpha": 0.8, "steps": 12},
]


def make_base(name, params, lr):
    if name == "sgd":
        return torch.optim.SGD(params, lr=lr, momentum=0.9, nesterov=True)
    return torch.optim.Adam(params, lr=lr)


def one_cycle(total, pct_up=0.3):
    up = max(1, int(total * pct_up))

    def factor(step):
        if step < up:
            return 0.1 + 0.9 * step / up
        return 0.5 * (1 + math.cos(math.pi * min(1.0, (step - up) / (total - up))))
    return factor


def run(cfg, data):
    model = nn.Sequential(nn.Linear(20, 6), nn.Tanh(), nn.Linear(6, 20))
    opt = Lookahead(make_base(cfg["opt"], model.parameters(), cfg["lr"]), k=cfg["k"], alpha=cfg["alpha"])
    sched = LambdaLR(opt, one_cycle(cfg["steps"]))
    for step in range(cfg["steps"]):
        batch = data[torch.randint(0, len(data), (32,))]
        loss = F.mse_loss(model(batch), batch)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 2.0)
        opt.step()
        sched.step()
    ckpt = opt.state_dict()
    return loss.item(), len(ckpt["slow"])


def main():
    torch.manual_seed(0)
    data = torch.randn(200, 6) @ torch.randn(6, 20)
    for cfg in RUNS:
        loss, n_slow = run(cfg, data)
        print(f"{cfg['name']}: loss {loss:.4f} ({n_slow} slow tensors)")


if __name__ == "__main__":
    main()
