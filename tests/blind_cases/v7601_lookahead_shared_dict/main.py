"""Small regression sweep: AdamW / RAdam wrapped in Lookahead, with linear LR warm-up."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from lookahead import Lookahead

SWEEP = [
    {"name": "adamw-k5", "base": "adamw", "lr": 3e-3, "k": 5, "alpha": 0.5},
    {"name": "radam-k3", "base": "radam", "lr": 1e-3, "k": 3, "alpha": 0.8},
    {"name": "adamw-k8", "base": "adamw", "lr": 1e-3, "k": 8, "alpha": 0.5},
]

BASES = {
    "adamw": lambda params, lr: torch.optim.AdamW(params, lr=lr, weight_decay=0.01),
    "radam": lambda params, lr: torch.optim.RAdam(params, lr=lr),
}


def make_model():
    return nn.Sequential(nn.Linear(12, 32), nn.Tanh(), nn.Linear(32, 1))


def warmup_factor(step, warmup_steps):
    return min(1.0, (step + 1) / warmup_steps)


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = make_model()
        base = BASES[cfg["base"]](self.model.parameters(), cfg["lr"])
        self.optimizer = Lookahead(base, k=cfg["k"], alpha=cfg["alpha"])
        self.base_lrs = [g["lr"] for g in self.optimizer.param_groups]
        self.step_idx = 0

    def _set_lr(self):
        f = warmup_factor(self.step_idx, warmup_steps=4)
        for group, base_lr in zip(self.optimizer.param_groups, self.base_lrs):
            group["lr"] = base_lr * f

    def train_step(self, x, y):
        self._set_lr()
        self.optimizer.zero_grad(set_to_none=True)
        loss = F.mse_loss(self.model(x), y)
        loss.backward()
        nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.optimizer.step()
        self.step_idx += 1
        return loss.item()

    @torch.no_grad()
    def evaluate(self, x, y):
        return F.mse_loss(self.model(x), y).item()


def main():
    torch.manual_seed(0)
    w_true = torch.randn(12, 1)
    x_val = torch.randn(64, 12)
    y_val = x_val @ w_true
    results = {}
    for cfg in SWEEP:
        trainer = Trainer(cfg)
        for _ in range(10):
            x = torch.randn(32, 12)
            trainer.train_step(x, x @ w_true + 0.05 * torch.randn(32, 1))
        results[cfg["name"]] = trainer.evaluate(x_val, y_val)
    best = min(results, key=results.get)
    print(f"best: {best} ({results[best]:.4f})")


if __name__ == "__main__":
    main()
