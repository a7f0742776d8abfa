"""Fine-tuning loop: pretrained backbone and fresh head get separate warmups."""
import torch
import torch.nn as nn

from schedules import WarmupCosineMixin


class Classifier(nn.Module):
    def __init__(self, dim=24, classes=4):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(dim, 48), nn.GELU(), nn.Linear(48, 48), nn.GELU())
        self.head = nn.Linear(48, classes)

    def forward(self, x):
        return self.head(self.backbone(x))


class FineTuner(WarmupCosineMixin):
    def __init__(self, model, cfg):
        self.model = model
        self.total_steps = cfg["epochs"] * cfg["steps_per_epoch"]
        self.warmup_steps = {"backbone": cfg["backbone_warmup"], "head": cfg["head_warmup"]}
        self.optimizer = torch.optim.AdamW([
            {"params": model.backbone.parameters(), "lr": cfg["lr"] * 0.1, "name": "backbone"},
            {"params": model.head.parameters(), "lr": cfg["lr"], "name": "head"},
        ], weight_decay=0.01)
        self.scheduler, self.scheduler_interval = self.configure_scheduler()  # cycle
        self.cfg = cfg

    def train_epoch(self):
        for _ in range(self.cfg["steps_per_epoch"]):
            x = torch.randn(16, 24)
            y = torch.randint(0, 4, (16,))
            loss = nn.functional.cross_entropy(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            if self.scheduler_interval == "step":
                self.scheduler.step()
        if self.scheduler_interval == "epoch":
            self.scheduler.step()
        return loss.item()

    def fit(self):
        return [self.train_epoch() for _ in range(self.cfg["epochs"])]


def main():
    cfg = {"epochs": 2, "steps_per_epoch": 3, "lr": 1e-3, "backbone_warmup": 4, "head_warmup": 1}
    for seed in range(3):
        torch.manual_seed(seed)
        FineTuner(Classifier(), cfg).fit()


if __name__ == "__main__":
    main()
