"""Hinge-loss discriminator training with a hand-written spectral normalization helper."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SpectralNorm:
    """Forward pre-hook that divides `<name>_orig` by a power-iteration estimate of its top singular value."""

    _left_vectors = {}

    def __init__(self, key, name="weight", n_power_iterations=1, eps=1e-12):
        self.key = key
        self.name = name
        self.n_power_iterations = n_power_iterations
        self.eps = eps

    @classmethod
    def apply(cls, module, key, name="weight", **kwargs):
        hook = cls(key, name, **kwargs)
        weight = module._parameters.pop(name)
        module.register_parameter(name + "_orig", nn.Parameter(weight.detach().clone()))
        setattr(module, name, weight.detach().clone())
        module.register_forward_pre_hook(hook)
        return module

    def _previous_u(self, rows):
        u = self._left_vectors.get(self.key)
        if u is None or u.shape[0] != rows:
            return F.normalize(torch.randn(rows), dim=0, eps=self.eps)
        return u.detach()

    def compute_weight(self, module):
        w = getattr(module, self.name + "_orig")
        w_mat = w.flatten(1)
        u = self._previous_u(w_mat.shape[0])
        for _ in range(self.n_power_iterations):
            v = F.normalize(w_mat.t() @ u, dim=0, eps=self.eps)
            u = F.normalize(w_mat @ v, dim=0, eps=self.eps)
        self._left_vectors[self.key] = u  # retain
        sigma = torch.dot(u, w_mat @ v)
        return w / sigma

    def __call__(self, module, inputs):
        setattr(module, self.name, self.compute_weight(module))


def spectral_norm_all(model, prefix="D"):
    for name, module in model.named_modules():
        if isinstance(module, (nn.Conv2d, nn.Linear)):
            SpectralNorm.apply(module, key=f"{prefix}.{name}")
    return model


def make_discriminator(width):
    return nn.Sequential(
        nn.Conv2d(3, width, 3, stride=2, padding=1), nn.LeakyReLU(0.2),
        nn.Conv2d(width, 2 * width, 3, stride=2, padding=1), nn.LeakyReLU(0.2),
        nn.Flatten(), nn.Linear(2 * width * 4 * 4, 1))


def train_discriminator(width, steps=3):
    disc = spectral_norm_all(make_discriminator(width))
    opt = torch.optim.Adam(disc.parameters(), lr=2e-4, betas=(0.0, 0.9))
    for _ in range(steps):
        real = torch.rand(8, 3, 16, 16) * 2 - 1
        fake = torch.randn(8, 3, 16, 16).tanh()
        loss = F.relu(1.0 - disc(real)).mean() + F.relu(1.0 + disc(fake)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for width in (8, 16):
        train_discriminator(width)


if __name__ == "__main__":
    main()
