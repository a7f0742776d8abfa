"""EDM-style denoiser training on 2-D data; the Karras sigma ramp is an invertible map cached like torch transforms."""
import weakref

import torch
import torch.nn as nn


class Ramp:
    """Invertible map between a ramp position u in [0, 1] and a noise level sigma."""

    def __init__(self):
        self._inv = None

    @property
    def inv(self):
        inv = self._inv() if self._inv is not None else None
        if inv is None:
            inv = _InverseRamp(self)
            self._inv = weakref.ref(inv)
        return inv

    def __call__(self, x):
        return self._call(x)


class _InverseRamp(Ramp):
    def __init__(self, ramp):
        super().__init__()
        self._inv = ramp

    @property
    def inv(self):
        return self._inv

    def _call(self, sigma):
        return self._inv._inverse(sigma)


class KarrasRamp(Ramp):
    def __init__(self, sigma_min=0.002, sigma_max=20.0, rho=7.0):
        super().__init__()
        self.rho = rho
        self.lo, self.hi = sigma_min ** (1 / rho), sigma_max ** (1 / rho)

    def _call(self, u):
        return (self.hi + u * (self.lo - self.hi)) ** self.rho

    def _inverse(self, sigma):
        return (sigma ** (1 / self.rho) - self.hi) / (self.lo - self.hi)


class PreconditionedDenoiser(nn.Module):
    def __init__(self, ramp, sigma_data=0.5, hidden=64):
        super().__init__()
        self.ramp, self.sigma_data = ramp, sigma_data
        self.f = nn.Sequential(nn.Linear(3, hidden), nn.SiLU(), nn.Linear(hidden, hidden), nn.SiLU(),
                               nn.Linear(hidden, 2))

    def forward(self, x, sigma):
        sd2 = self.sigma_data ** 2
        c_skip = sd2 / (sigma ** 2 + sd2)
        c_out = sigma * self.sigma_data / (sigma ** 2 + sd2).sqrt()
        c_in = 1 / (sigma ** 2 + sd2).sqrt()
        c_noise = self.ramp.inv(sigma).clamp(0, 1)
        f = self.f(torch.cat([c_in[:, None] * x, c_noise[:, None]], dim=1))
        return c_skip[:, None] * x + c_out[:, None] * f


def spiral(n):
    r = torch.rand(n) * 3
    return torch.stack([r * torch.cos(2 * r), r * torch.sin(2 * r)], dim=1) / 3


def edm_loss(model, x, p_mean=-1.2, p_std=1.2):
    sigma = (torch.randn(x.shape[0]) * p_std + p_mean).exp()
    weight = (sigma ** 2 + model.sigma_data ** 2) / (sigma * model.sigma_data) ** 2
    denoised = model(x + sigma[:, None] * torch.randn_like(x), sigma)
    return (weight[:, None] * (denoised - x) ** 2).mean()


@torch.no_grad()
def euler_sample(model, n, steps=6):
    sigmas = model.ramp(torch.linspace(0, 1, steps))
    x = torch.randn(n, 2) * sigmas[0]
    for s_cur, s_next in zip(sigmas[:-1], sigmas[1:]):
        d = (x - model(x, s_cur.expand(n))) / s_cur
        x = x + (s_next - s_cur) * d
    return x


def main():
    for rho in (5.0, 7.0):
        torch.manual_seed(int(rho))
        model = PreconditionedDenoiser(KarrasRamp(rho=rho))
        opt = torch.optim.Adam(model.parameters(), lr=2e-3)
        for _ in range(15):
            loss = edm_loss(model, spiral(64))
            opt.zero_grad()
            loss.backward()
            opt.step()
        euler_sample(model, 32).abs().mean().item()


if __name__ == "__main__":
    main()
