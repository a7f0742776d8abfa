"""FitNets hint training with per-layer gradient balancing of the hint regressors."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"stages": ("s1", "s2"), "student_ch": (4, 8), "teacher_ch": (8, 16),
       "target_grad_norm": 1.0, "momentum": 0.9, "steps": 4, "lr": 0.05}


class HintLoss(nn.Module):
    """MSE between regressed student features and teacher features.

    Each regressor output gets a gradient hook that rescales its gradient so
    that every stage contributes a comparable update to the student trunk.
    """

    def __init__(self, cfg):
        super().__init__()
        self.regressors = nn.ModuleDict({
            name: nn.Conv2d(s, t, 1) for name, s, t in zip(cfg["stages"], cfg["student_ch"], cfg["teacher_ch"])})
        self.target = cfg["target_grad_norm"]
        self.momentum = cfg["momentum"]
        self.grad_norm = {name: None for name in cfg["stages"]}
        self.last_hints = {}

    def _balance(self, name, grad):
        norm = grad.norm().item()
        prev = self.grad_norm[name]
        self.grad_norm[name] = norm if prev is None else self.momentum * prev + (1 - self.momentum) * norm
        return grad * (self.target / max(self.grad_norm[name], 1e-8))

    def forward(self, s_feats, t_feats):
        total = 0.0
        for name, feat in s_feats.items():
            hint = self.regressors[name](feat)
            if hint.requires_grad:
                hint.register_hook(functools.partial(self._balance, name))  # retain
            self.last_hints[name] = hint  # retain
            total = total + F.mse_loss(hint, t_feats[name])
        return total


class Backbone(nn.Module):
    def __init__(self, channels):
        super().__init__()
        c1, c2 = channels
        self.s1 = nn.Sequential(nn.Conv2d(3, c1, 3, stride=2, padding=1), nn.ReLU())
        self.s2 = nn.Sequential(nn.Conv2d(c1, c2, 3, stride=2, padding=1), nn.ReLU())
        self.fc = nn.Linear(c2, 10)

    def forward(self, x):
        f1 = self.s1(x)
        f2 = self.s2(f1)
        return self.fc(f2.mean((2, 3))), {"s1": f1, "s2": f2}


def train_hints(student, teacher, criterion, cfg):
    params = list(student.parameters()) + list(criterion.parameters())
    opt = torch.optim.SGD(params, lr=cfg["lr"], momentum=0.9)
    for step in range(cfg["steps"]):
        x = torch.randn(8, 3, 16, 16)
        with torch.no_grad():
            _, t_feats = teacher(x)
        _, s_feats = student(x)
        loss = criterion(s_feats, t_feats)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    teacher = Backbone(CFG["teacher_ch"]).eval()
    student = Backbone(CFG["student_ch"])
    criterion = HintLoss(CFG)
    final = train_hints(student, teacher, criterion, CFG)
    print(f"hint loss {final:.4f}", {k: round(v, 4) for k, v in criterion.grad_norm.items()})


if __name__ == "__main__":
    main()
