"""Train with a per-epoch status line; stop as soon as validation stops improving."""
import sys

import torch
import torch.nn as nn

from status import StatusLine

CFG = {"epochs": 6, "steps": 5, "lr": 1e-4, "patience": 1, "min_rel_delta": 0.01}


def batches(n, gen):
    for _ in range(n):
        x = torch.randn(16, 6, generator=gen)
        yield x, x[:, :2].prod(dim=1, keepdim=True)


def main():
    torch.manual_seed(1)
    gen = torch.Generator().manual_seed(1)
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"])
    x_val = torch.randn(64, 6, generator=gen)
    y_val = x_val[:, :2].prod(dim=1, keepdim=True)
    best, bad = float("inf"), 0
    for epoch in range(CFG["epochs"]):
        with StatusLine(CFG["steps"], label="epoch %d" % epoch) as status:
            for x, y in batches(CFG["steps"], gen):
                loss = nn.functional.mse_loss(model(x), y)
                opt.zero_grad()
                loss.backward()
                opt.step()
                status.advance(loss=loss.item())
            with torch.no_grad():
                val = nn.functional.mse_loss(model(x_val), y_val).item()
            if val < best * (1.0 - CFG["min_rel_delta"]):
                best, bad = val, 0
            else:
                bad += 1
            if bad > CFG["patience"]:
                print("stopping: val %.4f did not improve" % val, file=sys.stderr)
                break
    return best


if __name__ == "__main__":
    main()
