"""FixMatch on a toy 4-class problem, with and without distribution alignment."""
import torch
import torch.nn as nn

from fixmatch import FixMatch

CFG = {"lr": 0.03, "T": 1.0, "threshold": 0.6, "lambda_u": 1.0, "mu": 3, "dist_align": True}


def weak_aug(x):
    return x + 0.05 * torch.randn_like(x)


def strong_aug(x):
    keep = (torch.rand_like(x) > 0.3).float()
    return (x + 0.3 * torch.randn_like(x)) * keep


def make_data(n_labeled=16, n_unlabeled=48, dim=12, classes=4):
    centers = torch.randn(classes, dim) * 2
    y_l = torch.arange(n_labeled) % classes
    x_l = centers[y_l] + torch.randn(n_labeled, dim)
    x_u = centers[torch.randint(0, classes, (n_unlabeled,))] + torch.randn(n_unlabeled, dim)
    return x_l, y_l, x_u


def main():
    torch.manual_seed(0)
    x_l, y_l, x_u = make_data()
    for dist_align in (True, False):
        model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 4))
        trainer = FixMatch(model, 4, dict(CFG, dist_align=dist_align))
        bs = 8
        for epoch in range(2):
            for i, (xb, yb) in enumerate(zip(x_l.split(bs), y_l.split(bs))):
                ub = x_u[i * bs * CFG["mu"]:(i + 1) * bs * CFG["mu"]]
                loss = trainer.train_step(xb, yb, weak_aug(ub), strong_aug(ub))
        print("dist_align=%s loss %.3f mask rate %.2f" % (dist_align, loss, sum(trainer.mask_rate) / len(trainer.mask_rate)))


if __name__ == "__main__":
    main()
