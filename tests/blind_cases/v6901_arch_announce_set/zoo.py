"""Small model zoo: architecture specs and the wrapper every zoo model uses."""
from dataclasses import dataclass

import torch.nn as nn

ACTIVATIONS = {"relu": nn.ReLU, "gelu": nn.GELU, "silu": nn.SiLU}


@dataclass(frozen=True)
class ArchSpec:
    family: str
    depth: int
    width: int
    act: str = "relu"
    in_dim: int = 12
    out_dim: int = 3

    @property
    def tag(self):
        return f"{self.family}-d{self.depth}w{self.width}-{self.act}"


class ZooModel(nn.Module):
    """Wrapper whose identity is its architecture: two models with the same
    spec compare equal, which lets sweeps deduplicate architectures."""

    def __init__(self, spec: ArchSpec):
        super().__init__()
        self.spec = spec
        act = ACTIVATIONS[spec.act]
        layers, dim = [], spec.in_dim
        for _ in range(spec.depth):
            layers += [nn.Linear(dim, spec.width), act()]
            dim = spec.width
        layers.append(nn.Linear(dim, spec.out_dim))
        self.net = nn.Sequential(*layers)

    @classmethod
    def from_spec(cls, spec):
        return cls(spec)

    def forward(self, x):
        return self.net(x)

    def __eq__(self, other):
        if not isinstance(other, ZooModel):
            return NotImplemented
        return self.spec == other.spec

    def __hash__(self):
        return hash(self.spec)

    def __repr__(self):
        n = sum(p.numel() for p in self.parameters())
        return f"ZooModel({self.spec.tag}, params={n})"
