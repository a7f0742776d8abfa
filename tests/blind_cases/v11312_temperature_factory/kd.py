"""Hinton-style knowledge-distillation loss driven by a temperature schedule."""
import torch.nn as nn
import torch.nn.functional as F

from schedules import build_schedule


class KDLoss(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.schedule = build_schedule(cfg["temperature_schedule"], **cfg.get("schedule_args", {}))
        self.alpha = cfg["alpha"]
        self.step = 0
        self.last_temperature = None

    def forward(self, s_logits, t_logits, targets):
        T = self.schedule(self.step)
        kl = F.kl_div(F.log_softmax(s_logits / T, dim=-1), F.softmax(t_logits / T, dim=-1),
                      reduction="batchmean")
        self.schedule.observe(kl)
        self.step += 1
        self.last_temperature = T
        ce = F.cross_entropy(s_logits, targets)
        return self.alpha * (T * T) * kl + (1.0 - self.alpha) * ce
