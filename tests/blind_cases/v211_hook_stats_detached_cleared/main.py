"""MLP training that monitors the fraction of dead ReLU units per layer."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import activations


def main():
    model = nn.Sequential(nn.Linear(12, 48), nn.ReLU(), nn.Linear(48, 48), nn.ReLU(), nn.Linear(48, 2))
    handles = activations.attach(model, ["1", "3"])
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(5):
        x = torch.randn(32, 12)
        y = torch.randint(0, 2, (32,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        dead = activations.flush_stats()
        print(step, {k: round(v, 2) for k, v in dead.items()})
    for h in handles:
        h.remove()


if __name__ == "__main__":
    main()
