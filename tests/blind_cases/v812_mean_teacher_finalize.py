"""Mean-teacher consistency training with an EMA copy of the student."""
import copy
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F


def _clip_logits(module, inputs, output):
    return output.clamp(-20.0, 20.0)


def _log_teacher_summary(tag, history):
    if history:
        print("[%s] teacher updates=%d last decay=%.4f" % (tag, len(history), history[-1]))


class MeanTeacher:
    """EMA teacher kept next to (not inside) the student."""

    def __init__(self, student, decay=0.99, tag="ema"):
        self.teacher = copy.deepcopy(student)
        self.teacher.requires_grad_(False)
        self.teacher.eval()
        self.decay = decay
        self.history = []
        weakref.finalize(self, _log_teacher_summary, tag, self.history)

    def effective_decay(self, step):
        return min(self.decay, (1 + step) / (10 + step))

    @torch.no_grad()
    def update(self, student, step):
        d = self.effective_decay(step)
        for t, s in zip(self.teacher.parameters(), student.parameters()):
            t.mul_(d).add_(s.detach(), alpha=1 - d)
        for t, s in zip(self.teacher.buffers(), student.buffers()):
            t.copy_(s)
        self.history.append(d)

    @torch.no_grad()
    def targets(self, x):
        return torch.softmax(self.teacher(x), dim=-1)


class Student(nn.Module):
    def __init__(self, d_in=10, n_cls=4):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, 32), nn.BatchNorm1d(32), nn.ReLU())
        self.head = nn.Linear(32, n_cls)
        self.head.register_forward_hook(_clip_logits)

    def forward(self, x):
        return self.head(self.body(x))


def consistency_loss(student_logits, teacher_probs):
    return F.kl_div(F.log_softmax(student_logits, -1), teacher_probs, reduction="batchmean")


def train(run, steps=5, w_cons=1.0):
    student = Student()
    mean_teacher = MeanTeacher(student, tag="run%d" % run)
    opt = torch.optim.Adam(student.parameters(), lr=1e-2)
    for step in range(steps):
        x_lab, y = torch.randn(8, 10), torch.randint(0, 4, (8,))
        x_unl = torch.randn(16, 10)
        noisy = x_unl + 0.1 * torch.randn_like(x_unl)
        loss = F.cross_entropy(student(x_lab), y)
        loss = loss + w_cons * consistency_loss(student(noisy), mean_teacher.targets(x_unl))
        opt.zero_grad()
        loss.backward()
        opt.step()
        mean_teacher.update(student, step)
    return loss.item()


def main():
    for run in range(2):
        print("run %d loss %.3f" % (run, train(run)))


if __name__ == "__main__":
    main()
