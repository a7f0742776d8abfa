"""Exponential moving average of model weights, exported next to the raw weights."""
import math

import torch


class ShadowEMA:
    """Keeps an fp32 shadow copy of every floating-point entry of the state dict."""

    def __init__(self, model, decay=0.999, warmup_steps=20):
        self.model = model  # cycle
        self.decay = decay
        self.warmup_steps = warmup_steps
        self.num_updates = 0
        self.shadow = {
            name: t.detach().float().clone()
            for name, t in model.state_dict().items()
            if t.dtype.is_floating_point
        }

    def current_decay(self):
        # ramp the decay up during the first updates (as in timm's ModelEmaV2)
        ramp = 1.0 - math.exp(-self.num_updates / max(1, self.warmup_steps))
        return self.decay * ramp

    @torch.no_grad()
    def update(self):
        self.num_updates += 1
        d = self.current_decay()
        for name, t in self.model.state_dict(keep_vars=False).items():
            if name in self.shadow:
                self.shadow[name].mul_(d).add_(t.float(), alpha=1.0 - d)

    def export_hook(self, module, state_dict, prefix, local_metadata):
        """state_dict hook: appends the averaged weights under an 'ema.' prefix."""
        for name, t in self.shadow.items():
            state_dict[prefix + "ema." + name] = t.clone()
        local_metadata["ema_updates"] = self.num_updates
        return state_dict
