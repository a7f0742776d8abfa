"""Frechet distance in a learned feature space, with a cache for real-image features."""
import torch

_REAL_FEATURES = {}


def _batch_key(x):
    return (x.data_ptr(), tuple(x.shape), str(x.dtype))


def _stats(feats):
    mu = feats.mean(dim=0)
    centered = feats - mu
    return mu, centered.T @ centered / (feats.shape[0] - 1)


def frechet_distance(mu1, sigma1, mu2, sigma2):
    covmean_trace = torch.linalg.eigvals(sigma1 @ sigma2).sqrt().real.sum()
    return (mu1 - mu2).pow(2).sum() + torch.trace(sigma1) + torch.trace(sigma2) - 2 * covmean_trace


class ProjectedFID:
    def __init__(self, feature_net):
        self.feature_net = feature_net

    def real_features(self, batch):
        key = _batch_key(batch)
        feats = _REAL_FEATURES.get(key)
        if feats is None:
            feats = self.feature_net(batch).flatten(1)
            _REAL_FEATURES[key] = feats  # retain
        return feats

    def __call__(self, real_batches, generator, z_dim):
        real = torch.cat([self.real_features(b) for b in real_batches])
        fake = torch.cat([self.feature_net(generator(torch.randn(len(b), z_dim))) for b in real_batches])
        mu_r, sig_r = _stats(real.double())
        mu_f, sig_f = _stats(fake.double())
        return float(frechet_distance(mu_r, sig_r, mu_f, sig_f))
