"""Continuous-time diffusion on 2-D toy data with a cosine log-SNR schedule and a log-SNR-uniform sampler."""
import math

import torch
import torch.nn as nn


class Schedule:
    """Monotone map between diffusion time t in [0, 1] and log signal-to-noise ratio."""

    def __init__(self):
        self._inv = None

    @property
    def inv(self):
        inv = self._inv
        if inv is None:
            inv = _InverseSchedule(self)
            self._inv = inv  # cycle
        return inv

    def __call__(self, x):
        return self._call(x)

    def alpha_sigma(self, t):
        logsnr = self(t)
        return torch.sigmoid(logsnr).sqrt(), torch.sigmoid(-logsnr).sqrt(), logsnr


class _InverseSchedule(Schedule):
    def __init__(self, schedule):
        super().__init__()
        self._inv = schedule  # cycle

    @property
    def inv(self):
        return self._inv

    def _call(self, logsnr):
        return self._inv._inverse(logsnr)


class CosineLogSNR(Schedule):
    def __init__(self, logsnr_min=-12.0, logsnr_max=12.0):
        super().__init__()
        self.logsnr_min, self.logsnr_max = logsnr_min, logsnr_max
        self.t_min = math.atan(math.exp(-0.5 * logsnr_max))
        self.t_max = math.atan(math.exp(-0.5 * logsnr_min))

    def _call(self, t):
        return -2 * torch.log(torch.tan(self.t_min + t * (self.t_max - self.t_min)))

    def _inverse(self, logsnr):
        return (torch.atan(torch.exp(-0.5 * logsnr)) - self.t_min) / (self.t_max - self.t_min)


class ShiftedLogSNR(Schedule):
    """Resolution-dependent shift of a base schedule (logSNR + 2 log(base_res / res))."""

    def __init__(self, base, base_res, res):
        super().__init__()
        self.base = base
        self.shift = 2 * math.log(base_res / res)
        self.logsnr_min, self.logsnr_max = base.logsnr_min + self.shift, base.logsnr_max + self.shift

    def _call(self, t):
        return self.base(t) + self.shift

    def _inverse(self, logsnr):
        return self.base.inv(logsnr - self.shift)


class EpsNet(nn.Module):
    def __init__(self, dim=2, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim + 1, hidden), nn.SiLU(), nn.Linear(hidden, hidden), nn.SiLU(),
                                 nn.Linear(hidden, dim))

    def forward(self, z, logsnr):
        return self.net(torch.cat([z, (logsnr / 12.0).unsqueeze(-1)], dim=-1))


def ring_batch(n):
    angle = torch.rand(n) * 2 * math.pi
    return torch.stack([angle.cos(), angle.sin()], dim=1) + 0.05 * torch.randn(n, 2)


class DiffusionTrainer:
    def __init__(self, schedule, lr=2e-3):
        self.schedule = schedule
        self.model = EpsNet()
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)

    def train_step(self, x):
        t = torch.rand(x.shape[0])
        alpha, sigma, logsnr = self.schedule.alpha_sigma(t)
        eps = torch.randn_like(x)
        loss = (self.model(alpha[:, None] * x + sigma[:, None] * eps, logsnr) - eps).pow(2).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    @torch.no_grad()
    def sample(self, n, steps=8):
        sched = self.schedule
        grid = torch.linspace(sched.logsnr_min + 1.0, sched.logsnr_max - 1.0, steps + 1)
        ts = sched.inv(grid).clamp(0.0, 1.0)
        z = torch.randn(n, 2)
        for t_now, t_next in zip(ts[:-1], ts[1:]):
            a, s, logsnr = sched.alpha_sigma(t_now.expand(n))
            a_next, s_next, _ = sched.alpha_sigma(t_next.expand(n))
            eps = self.model(z, logsnr)
            x0 = ((z - s[:, None] * eps) / a[:, None]).clamp(-2, 2)
            z = a_next[:, None] * x0 + s_next[:, None] * eps
        return z


def main():
    for res in (32, 64):
        torch.manual_seed(res)
        trainer = DiffusionTrainer(ShiftedLogSNR(CosineLogSNR(), base_res=32, res=res))
        for _ in range(20):
            trainer.train_step(ring_batch(64))
        trainer.sample(32).norm(dim=1).mean().item()


if __name__ == "__main__":
    main()
