"""Short training run that logs per-block residual-branch RMS."""
import torch
import torch.nn as nn

from model import ResidualMLP


def train_one_model(seed, steps=4):
    torch.manual_seed(seed)
    model = ResidualMLP()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.01)
    log = []
    for _ in range(steps):
        x = torch.randn(32, 16)
        y = (x[:, 0] > 0).long()
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        log.append([round(b.branch_rms(), 4) for b in model.blocks])
    return log


def main():
    for seed in range(2):
        log = train_one_model(seed)
        print(f"seed {seed}: final branch rms {log[-1]}")


if __name__ == "__main__":
    main()
