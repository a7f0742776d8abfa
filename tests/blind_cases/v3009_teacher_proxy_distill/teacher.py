"""Frozen teacher shared by every distillation run in the process."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from proxy import ObjectProxy


def _load_teacher():
    torch.manual_seed(123)
    net = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 6))
    for p in net.parameters():
        p.requires_grad_(False)
    return net.eval()


TEACHER = _load_teacher()


class DistillationTeacher(ObjectProxy):
    """Per-run view of the shared teacher with its own temperature and step counter."""

    def __init__(self, teacher, temperature=2.0):
        super().__init__(teacher)
        self._self_temperature = temperature
        self._self_steps = 0

    def soft_targets(self, x):
        with torch.no_grad():
            return F.softmax(self.__wrapped__(x) / self._self_temperature, dim=-1)

    def distillation_loss(self, student_logits, x):
        t = self._self_temperature
        log_p = F.log_softmax(student_logits / t, dim=-1)
        loss = F.kl_div(log_p, self.soft_targets(x), reduction="batchmean") * t * t
        self._self_steps += 1
        self.last_distillation_loss = loss  # retain
        return loss
