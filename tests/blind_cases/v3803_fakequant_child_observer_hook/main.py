"""Quantization-aware fine-tuning of small MLPs, one per calibration setting."""
import torch
import torch.nn as nn

from qat import swap_linears

SETTINGS = [{"bits": 8}, {"bits": 6}, {"bits": 4}]


def build_mlp():
    return nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 4))


def qat_finetune(setting, steps=4):
    model = swap_linears(build_mlp(), **setting)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(steps):
        x, y = torch.randn(32, 10), torch.randint(0, 4, (32,))
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        acc = (model(torch.randn(64, 10)).argmax(-1) == torch.randint(0, 4, (64,))).float().mean()
    return float(acc)


def main():
    for setting in SETTINGS:
        qat_finetune(setting)


if __name__ == "__main__":
    main()
