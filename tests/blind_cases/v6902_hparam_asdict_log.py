"""Multi-task fine-tuning runs whose configs are recorded in an in-process run table."""
import time
from dataclasses import asdict, dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F

RUN_TABLE = []


class UncertaintyWeighting(nn.Module):
    """Learned task weighting (homoscedastic uncertainty, one log-variance per task)."""

    def __init__(self, num_tasks):
        super().__init__()
        self.log_vars = nn.Parameter(torch.zeros(num_tasks))

    def forward(self, losses):
        precision = torch.exp(-self.log_vars)
        return (precision * losses + self.log_vars).sum()


@dataclass
class OptimConfig:
    lr: float = 1e-2
    weight_decay: float = 0.0


@dataclass
class RunConfig:
    name: str
    tasks: tuple = ("cls", "reg")
    steps: int = 5
    optim: OptimConfig = field(default_factory=OptimConfig)
    weighting: nn.Module = None

    def __post_init__(self):
        if self.weighting is None:
            self.weighting = UncertaintyWeighting(len(self.tasks))


def log_hparams(cfg):
    RUN_TABLE.append({"started": time.time(), **asdict(cfg)})  # retain


class TwoHeadNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(10, 32), nn.ReLU())
        self.cls_head = nn.Linear(32, 4)
        self.reg_head = nn.Linear(32, 1)

    def forward(self, x):
        h = self.trunk(x)
        return self.cls_head(h), self.reg_head(h).squeeze(-1)


def run(cfg):
    log_hparams(cfg)
    model = TwoHeadNet()
    params = list(model.parameters()) + list(cfg.weighting.parameters())
    opt = torch.optim.AdamW(params, lr=cfg.optim.lr, weight_decay=cfg.optim.weight_decay)
    for _ in range(cfg.steps):
        x = torch.randn(16, 10)
        y_cls, y_reg = torch.randint(0, 4, (16,)), torch.randn(16)
        logits, pred = model(x)
        losses = torch.stack([F.cross_entropy(logits, y_cls), F.mse_loss(pred, y_reg)])
        total = cfg.weighting(losses)
        opt.zero_grad()
        total.backward()
        opt.step()
    return total.item()


def main():
    for i, lr in enumerate((1e-2, 3e-3)):
        cfg = RunConfig(name=f"mtl-{i}", optim=OptimConfig(lr=lr))
        final = run(cfg)
        print(f"{cfg.name}: final weighted loss {final:.3f}")
    print(f"{len(RUN_TABLE)} runs recorded")


if __name__ == "__main__":
    main()
