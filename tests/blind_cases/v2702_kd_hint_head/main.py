"""Distil a wide teacher MLP into students of several widths."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from kd import attach_distiller

IN_DIM, N_CLASSES = 16, 4


class MLPClassifier(nn.Module):
    def __init__(self, width, depth=2):
        super().__init__()
        layers, d = [], IN_DIM
        for _ in range(depth):
            layers += [nn.Linear(d, width), nn.ReLU()]
            d = width
        self.features = nn.Sequential(*layers)
        self.classifier = nn.Linear(width, N_CLASSES)
        self.feat_dim = width

    def forward(self, x):
        return self.classifier(self.features(x))


def synthetic_batch(n=32):
    x = torch.randn(n, IN_DIM)
    y = (x[:, :4].argmax(1) + (x[:, 4] > 0).long()) % N_CLASSES
    return x, y


def pretrain_teacher(steps=20):
    teacher = MLPClassifier(width=64)
    opt = torch.optim.Adam(teacher.parameters(), lr=1e-2)
    for _ in range(steps):
        x, y = synthetic_batch()
        loss = F.cross_entropy(teacher(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return teacher.eval().requires_grad_(False)


def distil(teacher, width, steps=8):
    student = MLPClassifier(width)
    distiller = attach_distiller(student, teacher, temperature=3.0)
    opt = torch.optim.SGD(student.parameters(), lr=0.05, momentum=0.9)
    student.train()
    for _ in range(steps):
        x, y = synthetic_batch()
        loss, _ = distiller(x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    x, y = synthetic_batch(256)
    with torch.no_grad():
        return (student.eval()(x).argmax(1) == y).float().mean().item()


def main():
    torch.manual_seed(0)
    teacher = pretrain_teacher()
    accs = {w: distil(teacher, w) for w in (8, 16, 32)}
    print("student accuracy by width:", accs)


if __name__ == "__main__":
    main()
