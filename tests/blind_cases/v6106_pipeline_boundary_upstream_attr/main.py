"""Micro-batched training of a staged encoder with per-stage backward."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from stages import StagedModel

CFG = {
    "dims": [24, 64, 64, 32, 3],
    "micro_batches": 4,
    "batch_size": 32,
    "lr": 5e-3,
    "epochs": 2,
    "steps": 3,
    "max_norm": 2.0,
}


def build(cfg):
    dims = cfg["dims"]
    stages = []
    for d_in, d_out in zip(dims[:-2], dims[1:-1]):
        stages.append(nn.Sequential(nn.Linear(d_in, d_out), nn.Tanh()))
    stages.append(nn.Linear(dims[-2], dims[-1]))
    return StagedModel(stages)


def train_step(model, opt, x, y, cfg):
    opt.zero_grad(set_to_none=True)
    total = 0.0
    for mb_x, mb_y in zip(x.chunk(cfg["micro_batches"]), y.chunk(cfg["micro_batches"])):
        loss = F.cross_entropy(model(mb_x), mb_y) / cfg["micro_batches"]
        loss.backward()
        model.finish_backward()
        total += loss.item()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["max_norm"])
    opt.step()
    return total, float(norm)


def main():
    torch.manual_seed(0)
    model = build(CFG)
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        model.train()
        for step in range(CFG["steps"]):
            x = torch.randn(CFG["batch_size"], CFG["dims"][0])
            y = torch.randint(0, CFG["dims"][-1], (CFG["batch_size"],))
            loss, norm = train_step(model, opt, x, y, CFG)
        model.eval()
        with torch.no_grad():
            x = torch.randn(CFG["batch_size"], CFG["dims"][0])
            pred = model(x).argmax(dim=1)
        print(f"epoch {epoch}: loss {loss:.3f} grad-norm {norm:.3f} classes {pred.bincount().tolist()}")


if __name__ == "__main__":
    main()
