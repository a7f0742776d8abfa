"""Exponential moving average of model weights, kept as plain tensors (timm ModelEma style)."""
import torch


class ModelEma:
    def __init__(self, model, decay=0.99):
        self.decay = decay
        self.model = model  # cycle
        self.shadow = {name: p.detach().clone() for name, p in model.named_parameters()}
        self.num_updates = 0

    @torch.no_grad()
    def update(self):
        self.num_updates += 1
        decay = min(self.decay, (1 + self.num_updates) / (10 + self.num_updates))
        for name, p in self.model.named_parameters():
            self.shadow[name].mul_(decay).add_(p.detach(), alpha=1 - decay)

    @torch.no_grad()
    def evaluate(self, x):
        backup = {name: p.detach().clone() for name, p in self.model.named_parameters()}
        for name, p in self.model.named_parameters():
            p.copy_(self.shadow[name])
        try:
            return self.model(x)
        finally:
            for name, p in self.model.named_parameters():
                p.copy_(backup[name])
