"""Transfer a pre-trained backbone to a new task with an L2-SP regularizer."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from regularizers import build_regularizer

EXPERIMENT = {
    "num_classes": 5,
    "optim": {"lr": 0.02, "momentum": 0.9},
    "reg": {"type": "l2sp", "alpha": 0.01, "beta": 1e-4},
    "epochs": 2,
    "steps": 3,
}


class TransferClassifier(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(20, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU())
        self.head = nn.Linear(32, num_classes)

    def configure(self, cfg):
        self.regularizer = build_regularizer(cfg["reg"], module=self)  # cycle
        return torch.optim.SGD(self.parameters(), **cfg["optim"])

    def forward(self, x):
        return self.head(self.backbone(x))

    def training_step(self, batch):
        x, y = batch
        task = F.cross_entropy(self(x), y)
        return task + self.regularizer(), task.detach()


def fit(cfg):
    model = TransferClassifier(cfg["num_classes"])
    opt = model.configure(cfg)
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            batch = torch.randn(16, 20), torch.randint(0, cfg["num_classes"], (16,))
            loss, task = model.training_step(batch)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: total {loss.item():.4f} task {task.item():.4f}")


def main():
    torch.manual_seed(0)
    fit(EXPERIMENT)


if __name__ == "__main__":
    main()
