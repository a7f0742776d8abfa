"""Notebook workspace: a pretrained-looking trunk, its optimizer and a toy dataset."""
import torch
import torch.nn as nn

torch.manual_seed(0)

TRUNK = nn.Sequential(nn.Linear(10, 24), nn.SiLU(), nn.Linear(24, 24), nn.SiLU())
TRUNK_OPT = torch.optim.SGD(TRUNK.parameters(), lr=5e-4)

_gen = torch.Generator().manual_seed(7)
INPUTS = torch.randn(80, 10, generator=_gen)
LABELS = (INPUTS[:, 0] > 0).long() * 2 + (INPUTS[:, 1] > 0).long()
