"""Type-II maximum likelihood for an exact GP on two synthetic folds, then predictive scoring."""
import math

import torch

from gp import ExactGP

CONFIG = {"n_train": 40, "n_test": 25, "steps": 6, "lr": 0.1, "folds": 2}


def make_fold(seed, n_train, n_test):
    g = torch.Generator().manual_seed(seed)
    x = torch.rand(n_train + n_test, 1, generator=g) * 6 - 3
    y = torch.sin(1.5 * x).squeeze(-1) + 0.1 * torch.randn(n_train + n_test, generator=g)
    return (x[:n_train], y[:n_train]), (x[n_train:], y[n_train:])


def run_fold(fold, cfg):
    (train_x, train_y), (test_x, test_y) = make_fold(fold, cfg["n_train"], cfg["n_test"])
    model = ExactGP(train_x, train_y)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for _ in range(cfg["steps"]):
        loss = -model.marginal_log_likelihood()
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        mean, var = model.predict(test_x)
        cond, jitter, n = model.train_covariance().cholesky().condition_estimate()
        nlpd = (0.5 * torch.log(2 * math.pi * var) + 0.5 * (test_y - mean).pow(2) / var).mean().item()
    return {"mll": -loss.item(), "nlpd": nlpd, "cond": cond, "jitter": jitter, "n": n}


def main():
    for fold in range(CONFIG["folds"]):
        stats = run_fold(fold, CONFIG)
        print(f"fold {fold}: mll {stats['mll']:.3f} nlpd {stats['nlpd']:.3f} "
              f"cond {stats['cond']:.1f} jitter {stats['jitter']:.0e} (n={stats['n']})")


if __name__ == "__main__":
    main()
