"""Seed sweep: every run gets its own model, optimizer and event writer."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from writers import RunWriter


def run(seed):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(10, 20), nn.ReLU(), nn.Linear(20, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    writer = RunWriter(f"seed{seed}", model)
    for step in range(3):
        x = torch.randn(32, 10)
        y = (x.sum(-1) > 0).long()
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        writer.add_scalar("train/loss", loss.item(), step)
    writer.add_param_histograms(step)
    return loss.item()


def main():
    losses = [run(seed) for seed in range(3)]
    print("final losses", [round(l, 3) for l in losses])


if __name__ == "__main__":
    main()
