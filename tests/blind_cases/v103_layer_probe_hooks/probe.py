"""Per-layer activation statistics, recorded by a forward hook (fastai ``Hook`` style)."""
import torch


class LayerProbe:
    def __init__(self, name, module):
        self.name = name
        self.module = module  # cycle
        self.means = []
        self.dead_fraction = []
        self.handle = None

    def record(self, module, inputs, output):
        with torch.no_grad():
            self.means.append(output.mean().item())
            self.dead_fraction.append((output <= 0).float().mean().item())

    def summary(self):
        n = max(1, len(self.means))
        return {"layer": self.name, "mean": sum(self.means) / n,
                "dead": sum(self.dead_fraction) / n, "inplace": self.module.inplace}
