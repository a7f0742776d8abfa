"""Two-stage fine-tuning (frozen backbone, then full) with weight-norm monitoring."""
import torch
import torch.nn as nn

from watch import WeightWatcher

STAGES = [
    {"name": "head-only", "freeze_backbone": True, "lr": 1e-2, "steps": 6},
    {"name": "full", "freeze_backbone": False, "lr": 1e-3, "steps": 6},
]


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU())
        self.head = nn.Linear(32, 3)

    def forward(self, x):
        return self.head(self.backbone(x))


def run_stage(model, stage, watch_every=2):
    for p in model.backbone.parameters():
        p.requires_grad_(not stage["freeze_backbone"])
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.Adam(params, lr=stage["lr"])
    watcher = WeightWatcher(model)
    for step in range(1, stage["steps"] + 1):
        x = torch.randn(32, 12)
        y = torch.randint(0, 3, (32,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % watch_every == 0:
            watcher.tick(step)
    watcher.wait_idle()
    step, norms = watcher.latest()
    print(stage["name"], "step", step, {k: round(v, 3) for k, v in norms.items()})
    return loss.item()


def main():
    model = Classifier()
    losses = [run_stage(model, stage) for stage in STAGES]
    print("stage losses:", losses)


if __name__ == "__main__":
    main()
