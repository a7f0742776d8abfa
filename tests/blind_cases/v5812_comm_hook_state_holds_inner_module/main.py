"""DDP with a compression comm hook; the hook state keeps the wrapped module for layer names."""
import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP

from compression import CompressionState, fp16_error_feedback_hook

CFG = {"bucket_cap_mb": 1, "steps": 6, "lr": 0.02}


def build_ddp(width):
    model = nn.Sequential(nn.Linear(16, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(), nn.Linear(width, 4))
    ddp = DDP(model, bucket_cap_mb=CFG["bucket_cap_mb"])
    state = CompressionState(ddp.module)
    ddp.register_comm_hook(state, fp16_error_feedback_hook)
    return ddp, state


def main():
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    try:
        for run, width in enumerate((32, 64)):
            ddp, state = build_ddp(width)
            optimizer = torch.optim.SGD(ddp.parameters(), lr=CFG["lr"], momentum=0.9)
            for _ in range(CFG["steps"]):
                x = torch.randn(20, 16)
                loss = nn.functional.mse_loss(ddp(x), torch.sin(x[:, :4]))
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            worst = max(state.layer_report().items(), key=lambda kv: kv[1])
            print(f"run {run}: loss {loss.item():.4f}, largest mean grad norm {worst[0]}={worst[1]:.3f}")
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
