"""Sweep the hint weight beta; every run distills from the same cached teacher."""
import torch
import torch.nn as nn

from distill import FeatureDistiller
from zoo import load_teacher

SWEEP = [{"beta": 0.5, "lr": 0.05}, {"beta": 2.0, "lr": 0.05}]
TEACHER = {"arch": "tiny-resnet", "width": 8}


class Student(nn.Module):
    def __init__(self, width=4, classes=10):
        super().__init__()
        self.block1 = nn.Sequential(nn.Conv2d(3, width, 3, stride=2, padding=1), nn.ReLU())
        self.block2 = nn.Sequential(nn.Conv2d(width, width * 2, 3, stride=2, padding=1), nn.ReLU())
        self.fc = nn.Linear(width * 2, classes)

    def forward(self, x, return_features=False):
        f1 = self.block1(x)
        f2 = self.block2(f1)
        logits = self.fc(f2.mean((2, 3)))
        if return_features:
            return logits, {"block1": f1, "block2": f2}
        return logits


def run(hparams, steps=3):
    teacher = load_teacher(TEACHER["arch"], TEACHER["width"])
    student = Student()
    distiller = FeatureDistiller(teacher, student, [("layer1", "block1"), ("layer2", "block2")],
                                 [(4, 16), (8, 32)], beta=hparams["beta"])
    opt = torch.optim.SGD(list(distiller.parameters()), lr=hparams["lr"], momentum=0.9)
    for step in range(steps):
        x, y = torch.randn(8, 3, 16, 16), torch.randint(0, 10, (8,))
        loss = distiller.loss(x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for hparams in SWEEP:
        print(hparams, run(hparams))


if __name__ == "__main__":
    main()
