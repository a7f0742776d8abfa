"""Registered model components."""
import torch.nn as nn

from configurable import Configurable


class MLPEncoder(Configurable):
    def __init__(self, in_dim, hidden, depth=2, dropout=0.0):
        super().__init__()
        layers, dim = [], in_dim
        for _ in range(depth):
            layers += [nn.Linear(dim, hidden), nn.GELU(), nn.Dropout(dropout)]
            dim = hidden
        self.net = nn.Sequential(*layers)
        self.out_dim = hidden

    def forward(self, x):
        return self.net(x)


class LinearHead(Configurable):
    def __init__(self, encoder, num_classes, freeze_encoder=False):
        super().__init__()
        self.encoder = encoder
        self.fc = nn.Linear(encoder.out_dim, num_classes)
        self.encoder.requires_grad_(not freeze_encoder)

    def forward(self, x):
        return self.fc(self.encoder(x))
