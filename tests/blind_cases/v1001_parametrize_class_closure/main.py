"""Cosine classifier with an annealed temperature, trained for a few seeds."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from reparam import TemperatureSchedule, attach_temperature, export_plain_weights


class CalibratedClassifier(nn.Module):
    def __init__(self, d_in, n_cls):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(d_in, 32), nn.GELU(), nn.Linear(32, 32))
        self.head = nn.Linear(32, n_cls, bias=False)

    def forward(self, x):
        return self.head(F.normalize(self.backbone(x), dim=-1))


class Trainer:
    def __init__(self, model, schedule, lr=0.1):
        self.model = model
        self.schedule = schedule
        self.opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)

    def step(self, x, y):
        loss = F.cross_entropy(self.model(x), y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.schedule.advance()
        return loss.item()


def train_one(seed, steps=4):
    torch.manual_seed(seed)
    model = CalibratedClassifier(12, 4)
    schedule = TemperatureSchedule(start=2.0, end=0.5, steps=6)
    attach_temperature(model, schedule)
    trainer = Trainer(model, schedule)
    losses = [trainer.step(torch.randn(16, 12), torch.randint(0, 4, (16,))) for _ in range(steps)]
    exported = export_plain_weights(model)
    return losses[-1], sorted(exported)


def main():
    for seed in range(3):
        loss, keys = train_one(seed)
        assert keys == ["head.weight"], keys


if __name__ == "__main__":
    main()
