"""Scene-understanding multi-task model (semantic, depth, instance offsets) with learned task weights."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from balancing import UncertaintyWeighting

CONFIG = {
    "tasks": {"semantic": ("ce", 6), "depth": ("l1", 1), "offsets": ("l2", 2)},
    "width": 32,
    "steps": 4,
    "lr": 1e-2,
}
CRITERIA = {"ce": F.cross_entropy, "l1": F.l1_loss, "l2": F.mse_loss}


class SceneNet(nn.Module):
    def __init__(self, tasks, width):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(20, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.heads = nn.ModuleDict({name: nn.Linear(width, dim) for name, (_, dim) in tasks.items()})

    def forward(self, x):
        feats = self.backbone(x)
        return {name: head(feats) for name, head in self.heads.items()}


def targets_for(tasks, bs, gen):
    out = {}
    for name, (kind, dim) in tasks.items():
        if kind == "ce":
            out[name] = torch.randint(0, dim, (bs,), generator=gen)
        else:
            out[name] = torch.randn(bs, dim, generator=gen)
    return out


def train(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    tasks = cfg["tasks"]
    model = SceneNet(tasks, cfg["width"])
    weighting = UncertaintyWeighting(tasks, regression=("depth", "offsets"))
    optimizer = torch.optim.Adam(list(model.parameters()) + list(weighting.parameters()), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        x = torch.randn(16, 20, generator=gen)
        targets = targets_for(tasks, 16, gen)
        outputs = model(x)
        losses = {t: CRITERIA[kind](outputs[t], targets[t]) for t, (kind, _) in tasks.items()}
        total, precisions = weighting(losses)
        optimizer.zero_grad()
        total.backward()
        optimizer.step()
    return precisions


def main():
    for seed in range(2):
        print(f"seed {seed}: precisions {train(CONFIG, seed)}")


if __name__ == "__main__":
    main()
