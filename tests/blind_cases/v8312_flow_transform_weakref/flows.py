"""RealNVP-style affine coupling flow exposed as a torch.distributions object."""
import weakref

import torch
import torch.nn as nn
from torch.distributions import Independent, Normal, TransformedDistribution, constraints
from torch.distributions.transforms import Transform


class AffineCoupling(nn.Module):
    def __init__(self, dim, hidden, flip):
        super().__init__()
        self.flip = flip
        self.half = dim // 2
        self.net = nn.Sequential(nn.Linear(self.half, hidden), nn.Tanh(),
                                 nn.Linear(hidden, 2 * (dim - self.half)))

    def _split(self, v):
        a, b = v[:, :self.half], v[:, self.half:]
        return (b, a) if self.flip else (a, b)

    def _join(self, a, b):
        return torch.cat((b, a) if self.flip else (a, b), dim=1)

    def forward(self, x):
        a, b = self._split(x)
        log_s, t = self.net(a).chunk(2, dim=1)
        log_s = torch.tanh(log_s)
        return self._join(a, b * log_s.exp() + t), log_s.sum(dim=1)

    def inverse(self, z):
        a, b = self._split(z)
        log_s, t = self.net(a).chunk(2, dim=1)
        log_s = torch.tanh(log_s)
        return self._join(a, (b - t) * (-log_s).exp())


class FlowTransform(Transform):
    """Maps base samples to data space with the flow's inverse pass."""
    domain = constraints.real_vector
    codomain = constraints.real_vector
    bijective = True

    def __init__(self, flow):
        super().__init__(cache_size=1)
        self._flow = weakref.ref(flow)

    @property
    def flow(self):
        flow = self._flow()
        if flow is None:
            raise RuntimeError("the flow behind this distribution has been freed")
        return flow

    def _call(self, z):
        return self.flow.inverse(z)

    def _inverse(self, x):
        return self.flow(x)[0]

    def log_abs_det_jacobian(self, z, x):
        return -self.flow(x)[1]


class RealNVP(nn.Module):
    def __init__(self, dim, hidden=32, n_layers=4):
        super().__init__()
        self.dim = dim
        self.layers = nn.ModuleList(AffineCoupling(dim, hidden, flip=i % 2 == 1) for i in range(n_layers))
        self.base = Independent(Normal(torch.zeros(dim), torch.ones(dim)), 1)
        self._dist = None

    def forward(self, x):
        logdet = x.new_zeros(x.size(0))
        for layer in self.layers:
            x, ld = layer(x)
            logdet = logdet + ld
        return x, logdet

    def inverse(self, z):
        for layer in reversed(self.layers):
            z = layer.inverse(z)
        return z

    def distribution(self):
        if self._dist is None:
            self._dist = TransformedDistribution(self.base, [FlowTransform(self)], validate_args=False)
        return self._dist
