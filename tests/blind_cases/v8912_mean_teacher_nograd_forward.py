"""Mean Teacher with sigmoid ramp-ups; teacher inference goes through a no_grad-wrapped forward."""
import copy
import functools
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def sigmoid_rampup(current, rampup_length):
    if rampup_length == 0:
        return 1.0
    phase = 1.0 - min(current, rampup_length) / rampup_length
    return float(math.exp(-5.0 * phase * phase))


def ema_update(teacher, student, alpha):
    for pt, ps in zip(teacher.parameters(), student.parameters()):
        pt.mul_(alpha).add_(ps, alpha=1 - alpha)
    for bt, bs in zip(teacher.buffers(), student.buffers()):
        bt.copy_(bs)


class MeanTeacherTrainer:
    def __init__(self, student, cfg):
        self.cfg = cfg
        self.student = student
        self.teacher = copy.deepcopy(student)
        for p in self.teacher.parameters():
            p.detach_()
        self.teacher_forward = torch.no_grad()(self.teacher.forward)
        self.update_teacher = torch.no_grad()(functools.partial(ema_update, self.teacher, self.student))
        self.optimizer = torch.optim.SGD(student.parameters(), lr=cfg["lr"], momentum=0.9, nesterov=True)
        self.global_step = 0

    def consistency_weight(self, epoch):
        return self.cfg["consistency"] * sigmoid_rampup(epoch, self.cfg["rampup_epochs"])

    def train_epoch(self, epoch, labeled, unlabeled):
        self.student.train()
        self.teacher.train()
        x_l, y_l = labeled
        bs = self.cfg["batch_size"]
        for i, (xb, yb) in enumerate(zip(x_l.split(bs), y_l.split(bs))):
            ub = unlabeled[i * bs:(i + 1) * bs]
            x = torch.cat([xb, ub])
            student_logits = self.student(x + 0.1 * torch.randn_like(x))
            teacher_logits = self.teacher_forward(x + 0.1 * torch.randn_like(x))
            class_loss = F.cross_entropy(student_logits[:len(xb)], yb)
            cons_loss = F.mse_loss(F.softmax(student_logits, 1), F.softmax(teacher_logits, 1))
            loss = class_loss + self.consistency_weight(epoch) * cons_loss
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            self.global_step += 1
            alpha = min(1 - 1 / (self.global_step + 1), self.cfg["ema_decay"])
            self.update_teacher(alpha)
        return loss.item()

    def evaluate(self, x, y):
        self.teacher.eval()
        return (self.teacher_forward(x).argmax(1) == y).float().mean().item()


def main():
    torch.manual_seed(0)
    centers = torch.randn(3, 10) * 2
    y_l = torch.arange(24) % 3
    x_l = centers[y_l] + torch.randn(24, 10)
    x_u = centers[torch.randint(0, 3, (24,))] + torch.randn(24, 10)
    cfg = {"lr": 0.05, "batch_size": 8, "consistency": 10.0, "rampup_epochs": 2, "ema_decay": 0.99}
    for width in (16, 32):
        student = nn.Sequential(nn.Linear(10, width), nn.BatchNorm1d(width), nn.ReLU(), nn.Linear(width, 3))
        trainer = MeanTeacherTrainer(student, cfg)
        for epoch in range(3):
            loss = trainer.train_epoch(epoch, (x_l, y_l), x_u)
        print("width %d loss %.3f teacher acc %.2f" % (width, loss, trainer.evaluate(x_l, y_l)))


if __name__ == "__main__":
    main()
