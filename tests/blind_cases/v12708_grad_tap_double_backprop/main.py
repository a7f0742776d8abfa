"""Double-backpropagation (input-gradient penalty) training with gradient taps."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from monitor import FeatureGradMonitor

CONFIG = {"in_dim": 10, "hidden": 24, "classes": 3, "steps": 4, "batch": 16, "lr": 5e-3, "penalty": 0.1}


class TappedNet(nn.Module):
    def __init__(self, cfg, monitor):
        super().__init__()
        self.fc1 = nn.Linear(cfg["in_dim"], cfg["hidden"])
        self.fc2 = nn.Linear(cfg["hidden"], cfg["hidden"])
        self.out = nn.Linear(cfg["hidden"], cfg["classes"])
        self.monitor = monitor

    def forward(self, x):
        h = self.monitor.tap(torch.tanh(self.fc1(x)), "fc1")
        h = self.monitor.tap(torch.tanh(self.fc2(h)), "fc2")
        return self.out(h)


def main():
    cfg = CONFIG
    torch.manual_seed(0)
    monitor = FeatureGradMonitor()
    model = TappedNet(cfg, monitor)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], cfg["in_dim"]).requires_grad_()
        y = torch.randint(0, cfg["classes"], (cfg["batch"],))
        ce = F.cross_entropy(model(x), y)
        (gx,) = torch.autograd.grad(ce, x, create_graph=True)
        loss = ce + cfg["penalty"] * gx.pow(2).sum(dim=1).mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
    for name, norms in monitor.report().items():
        print(name, " ".join(f"{n:.3f}" for n in norms))


if __name__ == "__main__":
    main()
