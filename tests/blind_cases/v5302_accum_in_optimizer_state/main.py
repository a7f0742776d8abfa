"""Trains a small model with gradient accumulation and keeps an in-memory checkpoint per epoch."""
import io

import torch
import torch.nn as nn

from accumulation import GradientAccumulator, restore_counters

CONFIG = {
    "dims": (8, 32, 4),
    "lr": 1e-3,
    "accum_steps": 3,
    "max_grad_norm": 1.0,
    "micro_batches_per_epoch": 7,
    "epochs": 2,
}


def build(cfg):
    d_in, d_hidden, d_out = cfg["dims"]
    model = nn.Sequential(nn.Linear(d_in, d_hidden), nn.Tanh(), nn.Linear(d_hidden, d_out))
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    accumulator = GradientAccumulator(optimizer, cfg["accum_steps"], cfg["max_grad_norm"])
    return model, optimizer, accumulator


def save_checkpoint(model, optimizer, epoch):
    buf = io.BytesIO()
    torch.save({"epoch": epoch, "model": model.state_dict(), "optimizer": optimizer.state_dict()}, buf)
    return buf.getvalue()


def run(cfg, seed):
    torch.manual_seed(seed)
    model, optimizer, accumulator = build(cfg)
    d_in, _, d_out = cfg["dims"]
    checkpoint = None
    losses = []
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["micro_batches_per_epoch"]):
            x, y = torch.randn(6, d_in), torch.randint(0, d_out, (6,))
            loss = nn.functional.cross_entropy(model(x), y)
            if accumulator.backward(loss):
                accumulator.step(model.parameters())
            losses.append(loss.item())
        checkpoint = save_checkpoint(model, optimizer, epoch)
    state = torch.load(io.BytesIO(checkpoint))
    restore_counters(optimizer, state["optimizer"])
    return sum(losses) / len(losses), accumulator.optimizer_steps, len(checkpoint)


def main():
    for seed in (0, 1):
        mean_loss, steps, size = run(CONFIG, seed)
        print(f"seed {seed}: mean loss {mean_loss:.3f}, optimizer steps {steps}, checkpoint {size} bytes")


if __name__ == "__main__":
    main()
