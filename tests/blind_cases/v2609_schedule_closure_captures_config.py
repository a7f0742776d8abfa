"""Transformer-encoder regression trainer with warmup + cosine decay and an input-clipping
pre-hook; several seeds are trained back to back."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

BASE_CONFIG = {
    "warmup_steps": 3,
    "total_steps": 12,
    "min_lr_ratio": 0.1,
    "input_clip": 4.0,
    "lr": 3e-3,
    "weight_decay": 0.01,
}


class ScheduleMixin:
    """Builds the learning-rate schedule from ``self.config``."""

    def build_scheduler(self, optimizer):
        warmup = int(self.config["warmup_steps"])
        total = int(self.config["total_steps"])
        floor = float(self.config["min_lr_ratio"])

        def lr_factor(step):
            if step < warmup:
                return (step + 1) / warmup
            progress = min(1.0, (step - warmup) / max(1, total - warmup))
            return floor + (1.0 - floor) * 0.5 * (1.0 + math.cos(math.pi * progress))

        return torch.optim.lr_scheduler.LambdaLR(optimizer, lr_factor)

    def install_input_clip(self, model):
        bound = float(self.config["input_clip"])
        return model.register_forward_pre_hook(lambda module, args: (args[0].clamp(-bound, bound),) + args[1:])


class SequenceRegressor(nn.Module):
    def __init__(self, dim=16, heads=2):
        super().__init__()
        self.inp = nn.Linear(4, dim)
        self.encoder = nn.TransformerEncoderLayer(dim, heads, dim_feedforward=32, batch_first=True)
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.encoder(self.inp(x)).mean(1)).squeeze(-1)


class Trainer(ScheduleMixin):
    def __init__(self, config, seed):
        self.config = dict(config)
        torch.manual_seed(seed)
        self.model = SequenceRegressor()
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=self.config["lr"],
                                           weight_decay=self.config["weight_decay"])
        self.scheduler = self.build_scheduler(self.optimizer)
        self.clip_handle = self.install_input_clip(self.model)
        self.lrs = []

    def step(self, x, y):
        loss = F.mse_loss(self.model(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.scheduler.step()
        self.lrs.append(self.optimizer.param_groups[0]["lr"])
        return loss.item()

    def fit(self, batches):
        losses = [self.step(x, y) for _ in range(2) for x, y in batches]
        return sum(losses[-len(batches):]) / len(batches)


def main():
    torch.manual_seed(0)
    batches = [(torch.randn(8, 5, 4) * 3, torch.randn(8)) for _ in range(3)]
    finals = {}
    for seed in range(3):
        trainer = Trainer(BASE_CONFIG, seed)
        finals[seed] = trainer.fit(batches)
    print({k: round(v, 4) for k, v in finals.items()})


if __name__ == "__main__":
    main()
