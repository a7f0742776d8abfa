"""Karras et al. (2022) preconditioned denoiser with shared discretisation tables."""
import math

import torch


def karras_sigmas(n, sigma_min, sigma_max, rho):
    ramp = torch.linspace(0, 1, n)
    min_inv, max_inv = sigma_min ** (1 / rho), sigma_max ** (1 / rho)
    sigmas = (max_inv + ramp * (min_inv - max_inv)) ** rho
    return torch.cat([sigmas, sigmas.new_zeros(1)])


class KarrasDenoiser:
    _tables = {}

    def __new__(cls, model, sigma_min=0.002, sigma_max=80.0, rho=7.0, num_steps=18, sigma_data=0.5):
        key = (cls.__name__, sigma_min, sigma_max, rho, num_steps)
        inst = cls._tables.get(key)
        if inst is None:
            inst = super().__new__(cls)
            inst.sigmas = karras_sigmas(num_steps, sigma_min, sigma_max, rho)
            inst.log_sigmas = inst.sigmas[:-1].log()
            cls._tables[key] = inst  # retain
        return inst

    def __init__(self, model, sigma_min=0.002, sigma_max=80.0, rho=7.0, num_steps=18, sigma_data=0.5):
        self.inner_model = model  # retain
        self.sigma_data = sigma_data
        self.p_mean, self.p_std = -1.2, 1.2

    def precondition(self, sigma):
        sd2 = self.sigma_data ** 2
        c_skip = sd2 / (sigma ** 2 + sd2)
        c_out = sigma * self.sigma_data / (sigma ** 2 + sd2).sqrt()
        c_in = 1 / (sigma ** 2 + sd2).sqrt()
        return c_skip, c_out, c_in, sigma.log() / 4

    def __call__(self, x, sigma):
        c_skip, c_out, c_in, c_noise = self.precondition(sigma)
        return c_skip[:, None] * x + c_out[:, None] * self.inner_model(c_in[:, None] * x, c_noise)

    def loss(self, x0):
        sigma = (torch.randn(x0.shape[0]) * self.p_std + self.p_mean).exp()
        weight = (sigma ** 2 + self.sigma_data ** 2) / (sigma * self.sigma_data) ** 2
        noised = x0 + torch.randn_like(x0) * sigma[:, None]
        return (weight[:, None] * (self(noised, sigma) - x0) ** 2).mean()

    @torch.no_grad()
    def heun_sample(self, n, dim):
        x = torch.randn(n, dim) * self.sigmas[0]
        for s, s_next in zip(self.sigmas[:-1], self.sigmas[1:]):
            sig = s.expand(n)
            d = (x - self(x, sig)) / s
            x_next = x + (s_next - s) * d
            if s_next > 0:
                d_next = (x_next - self(x_next, s_next.expand(n))) / s_next
                x_next = x + (s_next - s) * 0.5 * (d + d_next)
            x = x_next
        return x

    def describe(self):
        return f"{type(self.inner_model).__name__} over {len(self.sigmas) - 1} steps, log-sigma span {math.exp(self.log_sigmas[0] - self.log_sigmas[-1]):.0f}x"
