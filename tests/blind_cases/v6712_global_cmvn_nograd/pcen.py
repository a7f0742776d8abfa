"""Trainable per-channel energy normalisation (Wang et al., 2017) over mel energies."""
import torch
import torch.nn as nn


class PCEN(nn.Module):
    def __init__(self, n_channels, smooth=0.04, eps=1e-6):
        super().__init__()
        self.log_alpha = nn.Parameter(torch.full((n_channels,), 0.98).log())
        self.log_delta = nn.Parameter(torch.full((n_channels,), 2.0).log())
        self.log_r = nn.Parameter(torch.full((n_channels,), 0.5).log())
        self.smooth = smooth
        self.eps = eps

    def smoother(self, energy):
        m = energy[:, 0]
        out = [m]
        for t in range(1, energy.shape[1]):
            m = (1 - self.smooth) * m + self.smooth * energy[:, t]
            out.append(m)
        return torch.stack(out, 1)

    def forward(self, energy):
        alpha, delta, r = self.log_alpha.exp(), self.log_delta.exp(), self.log_r.exp()
        m = self.smoother(energy)
        return (energy / (self.eps + m) ** alpha + delta) ** r - delta ** r
