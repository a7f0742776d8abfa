"""Model and optimizer components constructed from their config objects."""
import torch
import torch.nn as nn

from registry import register


@register("mlp")
class MLPClassifier(nn.Module):
    def __init__(self, in_dim, hidden, num_classes, dropout):
        super().__init__()
        layers, prev = [], in_dim
        for width in hidden:
            layers += [nn.Linear(prev, width), nn.GELU(), nn.Dropout(dropout)]
            prev = width
        self.features = nn.Sequential(*layers)
        self.classifier = nn.Linear(prev, num_classes)
        self.cfg = None

    @classmethod
    def from_config(cls, cfg, **runtime):
        model = cls(in_dim=cfg.in_dim, hidden=cfg.hidden, num_classes=cfg.num_classes, dropout=cfg.dropout)
        model.cfg = cfg  # cycle
        return model

    def forward(self, x):
        return self.classifier(self.features(x))


@register("adamw")
class AdamWFactory:
    @classmethod
    def from_config(cls, cfg, params=None, **runtime):
        return torch.optim.AdamW(params, lr=cfg.lr, weight_decay=cfg.weight_decay)
