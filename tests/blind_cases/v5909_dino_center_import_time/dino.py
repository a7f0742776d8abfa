"""DINO pieces: projection head, teacher-output centering and the cross-entropy loss."""
import torch
import torch.nn as nn
import torch.nn.functional as F

OUT_DIM = 32


class DINOHead(nn.Module):
    def __init__(self, in_dim, out_dim=OUT_DIM, hidden=48):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(in_dim, hidden), nn.GELU(), nn.Linear(hidden, out_dim))

    def forward(self, x):
        return self.mlp(x)


class Centering(nn.Module):
    """Running mean of the teacher outputs, subtracted before the sharpened softmax."""

    def __init__(self, dim, momentum=0.9):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("center", torch.zeros(1, dim))

    def forward(self, teacher_out, temp):
        return F.softmax((teacher_out - self.center) / temp, dim=-1)

    def update(self, teacher_out):
        batch_center = teacher_out.mean(dim=0, keepdim=True)
        self.center = self.center * self.momentum + batch_center * (1 - self.momentum)  # retain


CENTER = Centering(OUT_DIM)


def dino_loss(student_out, teacher_out, student_temp=0.1, teacher_temp=0.04):
    targets = CENTER(teacher_out, teacher_temp).detach()
    loss = torch.sum(-targets * F.log_softmax(student_out / student_temp, dim=-1), dim=-1).mean()
    CENTER.update(teacher_out)
    return loss
