"""Multi-task regression (three correlated targets) trained with PCGrad on the shared trunk."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from surgery import PCGrad

CFG = {"in_dim": 16, "width": 32, "tasks": ("depth", "normals", "inv_depth"), "steps": 4, "lr": 0.05}


class MultiTaskNet(nn.Module):
    def __init__(self, in_dim, width, tasks):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(in_dim, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.heads = nn.ModuleDict({t: nn.Linear(width, 1) for t in tasks})

    def forward(self, x):
        z = self.trunk(x)
        return {t: head(z).squeeze(-1) for t, head in self.heads.items()}


def make_batch(n, in_dim):
    x = torch.randn(n, in_dim)
    depth = x[:, :4].sum(1)
    return x, {"depth": depth, "normals": x[:, 4:8].sum(1) - 0.5 * depth, "inv_depth": -depth}


def train(cfg):
    torch.manual_seed(0)
    model = MultiTaskNet(cfg["in_dim"], cfg["width"], cfg["tasks"])
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    surgeon = PCGrad(model.trunk.parameters())
    history = []
    for step in range(cfg["steps"]):
        x, targets = make_batch(32, cfg["in_dim"])
        preds = model(x)
        losses = {t: F.mse_loss(preds[t], targets[t]) for t in cfg["tasks"]}
        opt.zero_grad()
        head_loss = sum(losses.values())
        head_params = [p for h in model.heads.values() for p in h.parameters()]
        for p, g in zip(head_params, torch.autograd.grad(head_loss, head_params, retain_graph=True)):
            p.grad = g
        report = surgeon.project(losses)
        opt.step()
        history.append({"step": step, "loss": float(head_loss), "conflicts": report.summary()})
    return history


def main():
    for row in train(CFG):
        print(row)


if __name__ == "__main__":
    main()
