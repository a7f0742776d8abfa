"""Small BYOL pre-training sweep over the LARS base learning rate."""
import torch
import torch.nn as nn

from byol import BYOLLearner

CONFIG = {
    "feat_dim": 32, "hidden": 64, "proj_dim": 16, "batch_size": 32,
    "base_lr": 0.2, "weight_decay": 1.5e-6, "base_tau": 0.99, "total_steps": 4,
}


def augment(x, noise=0.1, drop=0.2):
    mask = (torch.rand_like(x) > drop).float()
    return (x + noise * torch.randn_like(x)) * mask


def make_encoder(in_dim, feat_dim):
    return nn.Sequential(nn.Linear(in_dim, 64), nn.ReLU(), nn.Linear(64, feat_dim))


def pretrain(cfg, data):
    learner = BYOLLearner(make_encoder(data.shape[1], cfg["feat_dim"]), cfg)
    losses = []
    for epoch in range(2):
        for batch in data.split(cfg["batch_size"]):
            losses.append(learner.train_step(augment(batch), augment(batch)))
    return sum(losses) / len(losses)


def main():
    torch.manual_seed(0)
    data = torch.randn(64, 20)
    for base_lr in (0.1, 0.3):
        cfg = dict(CONFIG, base_lr=base_lr)
        print("base_lr=%.2f  mean loss %.4f" % (base_lr, pretrain(cfg, data)))


if __name__ == "__main__":
    main()
