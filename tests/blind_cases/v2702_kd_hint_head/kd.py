"""Hint-based knowledge distillation head (FitNets-style projector + soft targets)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class HintDistiller(nn.Module):
    """Trains a projector from student to teacher features.

    The distiller is attached to the student, so the projector is saved with the
    student's state_dict and picked up by ``student.parameters()``.  The two networks
    themselves are kept outside the module tree (registering the student under its own
    child would make ``.train()`` / ``.to()`` recurse forever).
    """

    def __init__(self, student, teacher, s_dim, t_dim, temperature=4.0, alpha=0.7, beta=0.5):
        super().__init__()
        self.proj = nn.Sequential(nn.Linear(s_dim, t_dim), nn.ReLU(), nn.Linear(t_dim, t_dim))
        self.temperature, self.alpha, self.beta = temperature, alpha, beta
        self._pair = [student, teacher]  # cycle

    @property
    def student(self):
        return self._pair[0]

    @property
    def teacher(self):
        return self._pair[1]

    def soft_target_loss(self, s_logits, t_logits):
        t = self.temperature
        return F.kl_div(F.log_softmax(s_logits / t, -1), F.softmax(t_logits / t, -1),
                        reduction="batchmean") * t * t

    def forward(self, x, y):
        s_feat = self.student.features(x)
        s_logits = self.student.classifier(s_feat)
        with torch.no_grad():
            t_feat = self.teacher.features(x)
            t_logits = self.teacher.classifier(t_feat)
        hint = F.mse_loss(self.proj(s_feat), t_feat)
        loss = self.alpha * self.soft_target_loss(s_logits, t_logits) \
            + (1 - self.alpha) * F.cross_entropy(s_logits, y) + self.beta * hint
        return loss, s_logits


def attach_distiller(student, teacher, **kwargs):
    student.distiller = HintDistiller(student, teacher, student.feat_dim, teacher.feat_dim, **kwargs)  # cycle
    return student.distiller
