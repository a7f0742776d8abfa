"""Knowledge distillation of several student sizes from one shared teacher."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from teacher import TEACHER, DistillationTeacher

STUDENTS = {"tiny": 8, "small": 16}
ALPHA = 0.7


def make_student(hidden):
    return nn.Sequential(nn.Linear(20, hidden), nn.ReLU(), nn.Linear(hidden, 6))


def distill(hidden, epochs=2, batches=3):
    student = make_student(hidden)
    teacher = DistillationTeacher(TEACHER, temperature=3.0)
    opt = torch.optim.SGD(student.parameters(), lr=0.1, momentum=0.9)
    for _ in range(epochs):
        for _ in range(batches):
            x = torch.randn(32, 20)
            y = teacher.soft_targets(x).argmax(-1)
            logits = student(x)
            loss = ALPHA * teacher.distillation_loss(logits, x) + (1 - ALPHA) * F.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        x = torch.randn(64, 20)
        agreement = (student(x).argmax(-1) == teacher(x).argmax(-1)).float().mean()
    return float(agreement)


def main():
    for name, hidden in STUDENTS.items():
        distill(hidden)


if __name__ == "__main__":
    main()
