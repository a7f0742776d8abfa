"""Multi-task trainer with a ReduceLROnPlateau schedule per task head and a late-unfrozen backbone."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim.lr_scheduler import ReduceLROnPlateau


class TaskGroupView(torch.optim.Optimizer):
    """Optimizer-typed view exposing only one task's param groups to a scheduler."""

    def __init__(self, trainer, task):
        self.trainer = trainer  # cycle
        self.task = task

    @property
    def param_groups(self):
        return [g for g in self.trainer.optimizer.param_groups if g.get("task") == self.task]


class MultiHeadNet(nn.Module):
    def __init__(self, in_dim, width, tasks):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(in_dim, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.heads = nn.ModuleDict({t: nn.Linear(width, out) for t, out in tasks.items()})

    def forward(self, x):
        h = self.backbone(x)
        return {t: head(h) for t, head in self.heads.items()}


class MultiTaskTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.backbone_frozen = True
        self.optimizer = self._build_optimizer()
        self.plateaus = {t: ReduceLROnPlateau(TaskGroupView(self, t), factor=0.5, patience=0)  # cycle
                         for t in model.heads}

    def _build_optimizer(self):
        groups = [{"params": list(head.parameters()), "lr": self.cfg["head_lr"], "task": t}
                  for t, head in self.model.heads.items()]
        if not self.backbone_frozen:
            groups.append({"params": list(self.model.backbone.parameters()), "lr": self.cfg["backbone_lr"],
                           "task": None})
        return torch.optim.SGD(groups, momentum=0.9)

    def unfreeze_backbone(self):
        lrs = {g["task"]: g["lr"] for g in self.optimizer.param_groups}
        self.backbone_frozen = False
        self.optimizer = self._build_optimizer()
        for g in self.optimizer.param_groups:
            g["lr"] = lrs.get(g["task"], g["lr"])

    def train_step(self, x, targets):
        outputs = self.model(x)
        losses = {t: F.mse_loss(outputs[t], targets[t]) for t in outputs}
        self.optimizer.zero_grad()
        sum(losses.values()).backward()
        self.optimizer.step()
        return {t: l.item() for t, l in losses.items()}

    def end_epoch(self, val_losses):
        for t, sched in self.plateaus.items():
            sched.step(val_losses[t])


def main():
    cfg = {"head_lr": 0.05, "backbone_lr": 0.01, "epochs": 3, "steps": 3, "unfreeze_at": 1}
    tasks = {"age": 1, "income": 1, "tenure": 2}
    for seed in range(2):
        gen = torch.Generator().manual_seed(seed)
        trainer = MultiTaskTrainer(MultiHeadNet(8, 24, tasks), cfg)
        for epoch in range(cfg["epochs"]):
            if epoch == cfg["unfreeze_at"]:
                trainer.unfreeze_backbone()
            for _ in range(cfg["steps"]):
                x = torch.randn(16, 8, generator=gen)
                last = trainer.train_step(x, {t: torch.randn(16, d, generator=gen) for t, d in tasks.items()})
            trainer.end_epoch(last)
        print(seed, {g["task"]: g["lr"] for g in trainer.optimizer.param_groups})


if __name__ == "__main__":
    main()
