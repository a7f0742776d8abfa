"""Trains a 3-stage pipelined classifier on one host and evaluates it every epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from schedule import GPipeSchedule, PipelineStage

PIPE_CFG = {
    "widths": [(20, 48), (48, 48), (48, 5)],
    "micro_batches": 4,
    "batch_size": 16,
    "lr": 0.1,
    "epochs": 2,
    "steps_per_epoch": 3,
}


def build_stages(cfg):
    stages = []
    n = len(cfg["widths"])
    for rank, (d_in, d_out) in enumerate(cfg["widths"]):
        layers = nn.Sequential(nn.Linear(d_in, d_out), nn.ReLU()) if rank < n - 1 else nn.Linear(d_in, d_out)
        stages.append(PipelineStage(rank, n, layers))
    return stages


def main():
    torch.manual_seed(0)
    stages = build_stages(PIPE_CFG)
    params = [p for stage in stages for p in stage.parameters()]
    opt = torch.optim.SGD(params, lr=PIPE_CFG["lr"])
    schedule = GPipeSchedule(stages, F.cross_entropy, PIPE_CFG["micro_batches"])
    bs = PIPE_CFG["batch_size"]
    for epoch in range(PIPE_CFG["epochs"]):
        for stage in stages:
            stage.train()
        for step in range(PIPE_CFG["steps_per_epoch"]):
            x, y = torch.randn(bs, 20), torch.randint(0, 5, (bs,))
            opt.zero_grad()
            loss = schedule.train_step(x, y)
            opt.step()
        for stage in stages:
            stage.eval()
        acc = schedule.eval_step(torch.randn(bs, 20), torch.randint(0, 5, (bs,)))
        print(f"epoch {epoch}: loss {loss:.3f} val acc {acc:.2f}")


if __name__ == "__main__":
    main()
