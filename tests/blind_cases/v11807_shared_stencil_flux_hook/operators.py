"""Periodic finite-difference operators shared by all solvers in the package."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Stencil(nn.Module):
    def __init__(self, coeffs, order):
        super().__init__()
        self.order = order
        self.register_buffer("kernel", torch.tensor(coeffs).view(1, 1, -1))

    def forward(self, u, h):
        pad = self.kernel.shape[-1] // 2
        padded = F.pad(u.unsqueeze(1), (pad, pad), mode="circular")
        return F.conv1d(padded, self.kernel).squeeze(1) / h ** self.order


LAPLACIAN = Stencil([1.0, -2.0, 1.0], order=2)
CENTRAL_DIFF = Stencil([-0.5, 0.0, 0.5], order=1)
