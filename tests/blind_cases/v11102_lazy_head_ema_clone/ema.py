"""Exponential moving average of model weights (YOLO/timm style)."""
import copy
import math

import torch


class ModelEMA:
    def __init__(self, model, decay=0.995, tau=20):
        self.module = copy.deepcopy(model).eval()  # cycle
        self.decay = decay
        self.tau = tau
        self.updates = 0

    @torch.no_grad()
    def update(self, model):
        self.updates += 1
        msd = model.state_dict()
        if self.updates == 1:
            # first sync also materialises any parameters that are still lazy
            self.module.load_state_dict(msd)
            return
        d = self.decay * (1 - math.exp(-self.updates / self.tau))
        for k, v in self.module.state_dict().items():
            if v.dtype.is_floating_point:
                v.mul_(d).add_(msd[k], alpha=1 - d)
