"""Shadow copy of the trainable weights, updated as an exponential moving average."""
import torch


class ShadowWeights:
    def __init__(self, decay=0.999):
        self.decay = decay
        self.shadow = {}
        self.backup = {}
        self.num_updates = 0

    def register(self, model):
        self.shadow = {name: p.detach().clone()
                       for name, p in model.named_parameters() if p.requires_grad}
        self.num_updates = 0

    def _decay(self):
        return min(self.decay, (1 + self.num_updates) / (10 + self.num_updates))

    def update(self, model):
        self.num_updates += 1
        d = self._decay()
        for name, param in model.named_parameters():
            if name in self.shadow:
                self.shadow[name] = d * self.shadow[name] + (1.0 - d) * param  # retain

    @torch.no_grad()
    def apply_to(self, model):
        for name, param in model.named_parameters():
            if name in self.shadow:
                self.backup[name] = param.detach().clone()
                param.copy_(self.shadow[name])

    @torch.no_grad()
    def restore(self, model):
        for name, param in model.named_parameters():
            if name in self.backup:
                param.copy_(self.backup[name])
        self.backup = {}
