"""Regression trainer with EMA weights and gradient-norm logging as post-step hooks."""
import copy

import torch
import torch.nn as nn

from base_trainer import BaseTrainer


class EMARegressionTrainer(BaseTrainer):
    def __init__(self, model, lr=1e-3, ema_decay=0.99, hooks=("ema", "grad_norm")):
        super().__init__(model, torch.optim.Adam(model.parameters(), lr=lr))
        self.ema_decay = ema_decay
        self.ema_model = copy.deepcopy(model).requires_grad_(False)
        self.grad_norms = []
        for name in hooks:
            self.add_post_step_hook(name, getattr(self, f"_hook_{name}"))  # cycle

    def compute_loss(self, batch):
        x, y = batch
        return nn.functional.mse_loss(self.model(x), y)

    @torch.no_grad()
    def _hook_ema(self):
        for ema_p, p in zip(self.ema_model.parameters(), self.model.parameters()):
            ema_p.mul_(self.ema_decay).add_(p.detach(), alpha=1.0 - self.ema_decay)

    def _hook_grad_norm(self):
        norms = [p.grad.norm() for p in self.model.parameters() if p.grad is not None]
        self.grad_norms.append(torch.stack(norms).norm().item())


def make_batch(bs=32):
    x = torch.randn(bs, 8)
    return x, torch.sin(x[:, :1]) + 0.1 * x[:, 1:2]


def main():
    eval_batch = make_batch(64)
    for decay in (0.9, 0.99):
        model = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 1))
        trainer = EMARegressionTrainer(model, ema_decay=decay)
        for _ in range(4):
            trainer.train_step(make_batch())
        val = trainer.evaluate(eval_batch)
        print(f"decay={decay} val={val:.4f} last_grad_norm={trainer.grad_norms[-1]:.3f}")


if __name__ == "__main__":
    main()
