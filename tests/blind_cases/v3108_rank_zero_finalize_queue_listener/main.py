"""Dry run of the distributed training entry point with the debug launcher."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from launch import debug_launch
from loggers import AsyncExperimentLogger

HPARAMS = {"lr": 0.02, "steps": 4, "batch_size": 16}


def worker(rank, world_size, hparams):
    torch.manual_seed(1234 + rank)
    model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 1))
    opt = torch.optim.SGD(model.parameters(), lr=hparams["lr"] * world_size)
    logger = AsyncExperimentLogger("dry-run", rank)
    logger.watch(model)
    for step in range(hparams["steps"]):
        x = torch.randn(hparams["batch_size"], 16)
        y = x[:, :4].sum(dim=1, keepdim=True)
        loss = F.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        logger.log_metrics({"loss": loss.item()}, step)
    logger.finalize("success")
    return loss.item()


def main():
    losses = debug_launch(worker, 2, HPARAMS)
    assert len(losses) == 2


if __name__ == "__main__":
    main()
