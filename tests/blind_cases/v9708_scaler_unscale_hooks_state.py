"""Dynamic loss scaling for fp16-style LoRA fine-tuning; grads are unscaled by per-parameter hooks."""
import functools
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

@dataclass
class ScaleState:
    scale: float
    found_inf: bool = False


def _unscale_grad(state, grad):
    if not torch.isfinite(grad.to(torch.float16)).all():
        state.found_inf = True
    return grad / state.scale


class HookedLossScaler:
    def __init__(self, params, init_scale=2.0 ** 20, backoff=0.25, growth=2.0, growth_interval=3):
        self.state = ScaleState(init_scale)
        self.backoff, self.growth, self.growth_interval = backoff, growth, growth_interval
        self._good_steps = 0
        self.handles = [p.register_hook(functools.partial(_unscale_grad, self.state)) for p in params]

    def scale(self, loss):
        self.state.found_inf = False
        return loss * self.state.scale

    def step(self, optimizer):
        if self.state.found_inf:
            optimizer.zero_grad(set_to_none=True)
            self.state.scale *= self.backoff
            self._good_steps = 0
            return False
        optimizer.step()
        self._good_steps += 1
        if self._good_steps % self.growth_interval == 0:
            self.state.scale *= self.growth
        return True


class AdaptedMLP(nn.Module):
    def __init__(self, d=20, r=4, n_cls=5):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(d, 64), nn.GELU(), nn.Linear(64, 64), nn.GELU())
        self.backbone.requires_grad_(False)
        self.lora_A = nn.Parameter(torch.randn(r, 64) * 0.05)
        self.lora_B = nn.Parameter(torch.zeros(64, r))
        self.head = nn.Linear(64, n_cls)

    def forward(self, x):
        h = self.backbone(x)
        return self.head(h + h @ self.lora_A.t() @ self.lora_B.t())


def main():
    torch.manual_seed(0)
    for trial, lr in enumerate((1e-2, 3e-3)):
        model = AdaptedMLP()
        trainable = [p for p in model.parameters() if p.requires_grad]
        opt = torch.optim.AdamW(trainable, lr=lr)
        scaler = HookedLossScaler(trainable)
        applied = 0
        for step in range(6):
            x, y = torch.randn(16, 20) * 4, torch.randint(0, 5, (16,))
            loss = F.cross_entropy(model(x), y)
            scaler.scale(loss).backward()
            applied += scaler.step(opt)
        print(f"trial {trial}: applied {applied}/6 steps, final scale {scaler.state.scale:.0f}")


if __name__ == "__main__":
    main()
