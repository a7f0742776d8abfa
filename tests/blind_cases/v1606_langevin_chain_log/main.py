"""Bayesian last-layer regression on frozen features, refit for every cross-validation fold."""
import torch
import torch.nn as nn

from mcmc import LangevinSampler, split_rhat


class BayesianLastLayer:
    def __init__(self, features, targets, prior_scale=1.0, noise=0.5, name="blr"):
        self.features = features
        self.targets = targets
        self.prior_scale = prior_scale
        self.noise = noise
        self.name = name

    def log_posterior_energy(self, w):
        resid = self.features @ w - self.targets
        nll = 0.5 * resid.pow(2).sum() / self.noise ** 2
        return nll + 0.5 * w.pow(2).sum() / self.prior_scale ** 2

    def fit(self, step_size=1e-3):
        sampler = LangevinSampler(self.log_posterior_energy, step_size=step_size, tag=self.name)  # retain
        draws = sampler.run(torch.zeros(self.features.shape[1]))
        return draws.mean(0), draws.std(0)


def folds(x, y, k):
    idx = torch.arange(x.shape[0])
    for i in range(k):
        mask = idx % k != i
        yield x[mask], y[mask], x[~mask], y[~mask]


def main():
    torch.manual_seed(0)
    backbone = nn.Sequential(nn.Linear(10, 6), nn.Tanh())
    x, y = torch.randn(48, 10), torch.randn(48)
    with torch.no_grad():
        feats = backbone(x)
    errors = []
    for tr_x, tr_y, va_x, va_y in folds(feats, y, k=3):
        mean_w, _ = BayesianLastLayer(tr_x, tr_y).fit()
        errors.append(float((va_x @ mean_w - va_y).pow(2).mean()))
    return sum(errors) / len(errors), split_rhat("blr")


if __name__ == "__main__":
    main()
