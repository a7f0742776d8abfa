"""Hinton-style distillation objective."""
import torch.nn as nn
import torch.nn.functional as F

from kd_targets import cached_soft_targets


class DistillationLoss(nn.Module):
    def __init__(self, teacher, temperature=4.0, alpha=0.7):
        super().__init__()
        self.teacher = teacher
        self.temperature = temperature
        self.alpha = alpha

    def forward(self, student_logits, targets, inputs, sample_ids):
        soft = cached_soft_targets(self.teacher, sample_ids, inputs, self.temperature).detach()
        log_p = F.log_softmax(student_logits / self.temperature, dim=-1)
        kd = F.kl_div(log_p, soft, reduction="batchmean") * self.temperature ** 2
        return self.alpha * kd + (1 - self.alpha) * F.cross_entropy(student_logits, targets)
