"""Objects shared by every experiment in the session: encoder, optimizer and data."""
import torch
import torch.nn as nn

torch.manual_seed(0)

ENCODER = nn.Sequential(nn.Linear(12, 32), nn.GELU(), nn.Linear(32, 32), nn.GELU())
OPTIMIZER = torch.optim.SGD(ENCODER.parameters(), lr=1e-3, weight_decay=1e-4)

_g = torch.Generator().manual_seed(1)
FEATURES = torch.randn(96, 12, generator=_g)
TARGETS = (FEATURES[:, :4].argmax(dim=1) + (FEATURES[:, 4] > 1).long()) % 4
