"""Gradual magnitude pruning (Zhu & Gupta AGP) driven by a sparsity-schedule generator."""
import torch
import torch.nn as nn
import torch.nn.functional as F

PRUNE_CFG = {"initial": 0.0, "final": 0.8, "start_epoch": 1, "end_epoch": 8, "frequency": 1}
TRAIN_CFG = {"max_epochs": 4, "steps": 3, "lr": 0.1}


class GradualMagnitudePruner:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.targets = {name: m for name, m in model.named_modules() if isinstance(m, nn.Linear)}
        self.masks = {name: torch.ones_like(m.weight) for name, m in self.targets.items()}
        self.sparsity = cfg["initial"]
        self._schedule = self._sparsity_schedule()  # cycle

    def _sparsity_schedule(self):
        cfg = self.cfg
        span = cfg["end_epoch"] - cfg["start_epoch"]
        for epoch in range(cfg["end_epoch"] + 1):
            if epoch < cfg["start_epoch"] or (epoch - cfg["start_epoch"]) % cfg["frequency"]:
                yield self.sparsity
                continue
            progress = min(1.0, (epoch - cfg["start_epoch"]) / span)
            yield cfg["final"] + (cfg["initial"] - cfg["final"]) * (1.0 - progress) ** 3

    @torch.no_grad()
    def update_masks(self):
        self.sparsity = next(self._schedule)
        for name, layer in self.targets.items():
            k = int(self.sparsity * layer.weight.numel())
            if k == 0:
                continue
            threshold = layer.weight.abs().flatten().kthvalue(k).values
            self.masks[name] = (layer.weight.abs() > threshold).float()
        self.apply_masks()

    @torch.no_grad()
    def apply_masks(self):
        for name, layer in self.targets.items():
            layer.weight.mul_(self.masks[name])

    def density(self):
        kept = sum(int(m.sum()) for m in self.masks.values())
        total = sum(m.numel() for m in self.masks.values())
        return kept / total


def build_model():
    return nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 3))


def main():
    model = build_model()
    opt = torch.optim.SGD(model.parameters(), lr=TRAIN_CFG["lr"], momentum=0.9)
    pruner = GradualMagnitudePruner(model, PRUNE_CFG)
    log = []
    for epoch in range(TRAIN_CFG["max_epochs"]):
        pruner.update_masks()
        for _ in range(TRAIN_CFG["steps"]):
            x, y = torch.randn(16, 20), torch.randint(0, 3, (16,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            pruner.apply_masks()
        log.append((epoch, pruner.sparsity, pruner.density(), loss.item()))
    return log


if __name__ == "__main__":
    main()
