"""Barlow Twins pre-training for two redundancy-reduction weights."""
import torch
import torch.nn as nn

from barlow import BarlowTwins, PretrainRun

CFG = {"batch_size": 32, "base_lr": 0.2, "weight_decay": 1.5e-6, "sizes": (48, 48, 48), "epochs": 2}


def augment(x, noise=0.1, drop=0.2):
    keep = (torch.rand_like(x) > drop).float()
    return (x + noise * torch.randn_like(x)) * keep


def main():
    torch.manual_seed(0)
    data = torch.randn(96, 24)
    for lambd in (5e-3, 2e-2):
        backbone = nn.Sequential(nn.Linear(24, 64), nn.ReLU(), nn.Linear(64, 32))
        model = BarlowTwins(backbone, 32, CFG["sizes"], lambd)
        run = PretrainRun(model, CFG)
        history = run.fit(data, CFG["epochs"], augment)
        print("lambda=%.3f  epoch losses %s" % (lambd, ["%.2f" % h for h in history]))


if __name__ == "__main__":
    main()
