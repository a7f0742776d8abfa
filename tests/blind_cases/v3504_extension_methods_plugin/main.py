"""Repeated-seed evaluation: the same configuration is trained from five seeds."""
import torch
import torch.nn as nn

from trainer import Trainer

OPTIONS = {
    "extensions": ["clip_gradients", "cosine_lr", "track_weight_norm"],
    "max_grad_norm": 0.5,
    "total_steps": 6,
}


def make_model(seed):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(6, 16), nn.SiLU(), nn.Linear(16, 1))


def run_seed(seed):
    model = make_model(seed)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    trainer = Trainer(model, opt, OPTIONS)
    losses = []
    for _ in range(OPTIONS["total_steps"]):
        x = torch.randn(24, 6)
        y = (x[:, 0] > 0).float()
        losses.append(trainer.train_step(x, y))
    return losses[-1], dict(trainer.stats)


def main():
    results = [run_seed(seed) for seed in range(5)]
    assert all("grad_norm" in stats for _, stats in results)


if __name__ == "__main__":
    main()
