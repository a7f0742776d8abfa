"""Fine-tuning runs with an apex-style loss scaler under CPU bfloat16 autocast."""
import torch
import torch.nn as nn

from amp_utils import DynamicLossScaler, amp_step

CONFIG = {"runs": 3, "epochs": 2, "batches": 3, "lr": 0.05, "dtype": torch.bfloat16}


class Regressor(nn.Module):
    def __init__(self, d_in=12, hidden=24):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, hidden), nn.GELU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


def initialize(model, lr):
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    scaler = DynamicLossScaler(growth_interval=3)
    return model, scaler.attach(optimizer), scaler


def train_run(seed):
    torch.manual_seed(seed)
    model, optimizer, scaler = initialize(Regressor(), CONFIG["lr"])
    skipped = 0
    for epoch in range(CONFIG["epochs"]):
        for _ in range(CONFIG["batches"]):
            x, y = torch.randn(16, 12), torch.randn(16)
            with torch.autocast(device_type="cpu", dtype=CONFIG["dtype"]):
                pred = model(x)
            loss = nn.functional.mse_loss(pred.float(), y)
            optimizer.zero_grad()
            scaler.scale_loss(loss).backward()
            skipped += not amp_step(scaler, optimizer)
    return skipped, scaler.scale


def main():
    for run in range(CONFIG["runs"]):
        train_run(run)


if __name__ == "__main__":
    main()
