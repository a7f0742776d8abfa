"""Continuous-time consistency training (TrigFlow parameterisation) with JVP tangents."""
import math

import torch
import torch.autograd.forward_ad as fwAD


class ConsistencyTrainer:
    def __init__(self, net, cfg):
        self.net = net
        self.cfg = cfg
        self.sigma_data = cfg["sigma_data"]
        self.opt = torch.optim.Adam(net.parameters(), lr=cfg["lr"], betas=(0.9, 0.99))
        self.step = 0
        self.history = []
        self._level = None

    def _enable_tangents(self):
        if self._level is None:
            self._level = fwAD.enter_dual_level()  # retain

    def _disable_tangents(self):
        if self._level is not None:
            fwAD.exit_dual_level(level=self._level)
            self._level = None

    def _sample_time(self, n):
        log_sigma = torch.randn(n) * self.cfg["p_std"] + self.cfg["p_mean"]
        return torch.atan(log_sigma.exp() / self.sigma_data)

    def train_step(self, x0):
        n = x0.shape[0]
        t = self._sample_time(n)
        z = torch.randn_like(x0) * self.sigma_data
        cos_t, sin_t = torch.cos(t)[:, None], torch.sin(t)[:, None]
        x_t = cos_t * x0 + sin_t * z
        dxt_dt = cos_t * z - sin_t * x0

        x_in = fwAD.make_dual(x_t / self.sigma_data, dxt_dt / self.sigma_data)
        t_in = fwAD.make_dual(t, torch.ones_like(t))
        pred, dpred_dt = fwAD.unpack_dual(self.net(x_in, t_in))  # retain

        with torch.no_grad():
            f_minus = pred - dxt_dt / self.sigma_data
            g = -(cos_t ** 2) * f_minus - cos_t * sin_t * (x_t / self.sigma_data + dpred_dt)
            warmup = min(1.0, (self.step + 1) / self.cfg["tangent_warmup"])
            g = warmup * g / (g.norm(dim=1, keepdim=True) + self.cfg["tangent_eps"])

        loss = ((pred - (pred.detach() + g)) ** 2).sum(dim=1).mean()
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        self.opt.step()
        self.step += 1
        return float(loss)

    def fit(self, loader):
        self._enable_tangents()
        for epoch in range(self.cfg["epochs"]):
            running = 0.0
            for i, x0 in enumerate(loader):
                running += self.train_step(x0)
                if self.step >= self.cfg["max_steps"]:
                    self.history.append(running / (i + 1))
                    return self.history
            self.history.append(running / len(loader))
        self._disable_tangents()
        return self.history

    @torch.no_grad()
    def sample(self, n, data_dim):
        t_max = math.atan(self.cfg["sigma_max"] / self.sigma_data)
        t = torch.full((n,), t_max)
        x = torch.randn(n, data_dim) * self.sigma_data
        pred = self.net(x / self.sigma_data, t)
        return math.cos(t_max) * x - math.sin(t_max) * self.sigma_data * pred
