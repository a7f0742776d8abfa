"""Elastic restart loop: each generation rebuilds model, optimizer and process group."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from comm import average_gradients, global_mean
from harness import SimJob

CFG = {"generations": 3, "steps": 4, "batch": 16, "in_dim": 12, "lr": 0.05}


def build(cfg):
    model = nn.Sequential(nn.Linear(cfg["in_dim"], 32), nn.GELU(), nn.Linear(32, 1))
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    return model, optimizer


def run_generation(gen, cfg):
    torch.manual_seed(gen)
    model, optimizer = build(cfg)
    with SimJob(f"gen{gen}", model, optimizer) as job:
        for step in range(cfg["steps"]):
            x = torch.randn(cfg["batch"], cfg["in_dim"])
            y = x[:, :3].sum(dim=1, keepdim=True)
            loss = F.mse_loss(job.model(x), y)
            job.optimizer.zero_grad()
            loss.backward()
            average_gradients(job.model)
            job.optimizer.step()
        return global_mean(loss.item())


def main():
    for gen in range(CFG["generations"]):
        loss = run_generation(gen, CFG)
        print("generation %d final loss %.4f" % (gen, loss))


if __name__ == "__main__":
    main()
