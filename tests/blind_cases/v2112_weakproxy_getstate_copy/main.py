"""Mean-teacher semi-supervised training: the teacher is a deep copy of the student."""
import copy

import torch
import torch.nn.functional as F

from modules import Student


class MeanTeacherTrainer:
    def __init__(self, student, epochs, ema=0.9, lr=0.05):
        self.student = student
        self.epochs = epochs
        self.epoch = 0
        self.ema = ema
        self.optimizer = torch.optim.SGD(student.parameters(), lr=lr, momentum=0.9)
        student.attach(self)
        self.teacher = copy.deepcopy(student).eval()
        for p in self.teacher.parameters():
            p.requires_grad_(False)

    @torch.no_grad()
    def update_teacher(self):
        for t, s in zip(self.teacher.parameters(), self.student.parameters()):
            t.mul_(self.ema).add_(s.detach(), alpha=1.0 - self.ema)

    def step(self, x_lab, y_lab, x_unlab):
        with torch.no_grad():
            target = F.softmax(self.teacher(x_unlab), dim=-1)
        sup = F.cross_entropy(self.student(x_lab), y_lab)
        cons = F.mse_loss(F.softmax(self.student(x_unlab), dim=-1), target)
        loss = sup + 0.5 * cons
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.update_teacher()
        return loss.item()

    def fit(self, labeled, unlabeled):
        history = []
        for self.epoch in range(self.epochs):
            history.append(sum(self.step(x, y, u) for (x, y), u in zip(labeled, unlabeled)))
        return history


def main():
    torch.manual_seed(0)
    for seed in range(3):
        labeled = [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(3)]
        unlabeled = [torch.randn(16, 6) for _ in range(3)]
        trainer = MeanTeacherTrainer(Student(6, 3), epochs=2)
        trainer.fit(labeled, unlabeled)


if __name__ == "__main__":
    main()
