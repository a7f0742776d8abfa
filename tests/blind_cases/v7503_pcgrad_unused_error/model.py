"""Hard-parameter-sharing network whose task heads tap different depths of the trunk."""
import torch.nn as nn


class SharedTrunk(nn.Module):
    def __init__(self, in_dim, width):
        super().__init__()
        self.stem = nn.Sequential(nn.Linear(in_dim, width), nn.ReLU())
        self.block = nn.Sequential(nn.Linear(width, width), nn.ReLU())

    def forward(self, x):
        shallow = self.stem(x)
        return {"shallow": shallow, "deep": self.block(shallow)}


class MultiTaskNet(nn.Module):
    def __init__(self, in_dim, width, tasks):
        super().__init__()
        self.trunk = SharedTrunk(in_dim, width)
        self.heads = nn.ModuleDict({name: nn.Linear(width, spec["out"]) for name, spec in tasks.items()})
        self.taps = {name: spec.get("tap", "deep") for name, spec in tasks.items()}

    def forward(self, x):
        feats = self.trunk(x)
        return {name: head(feats[self.taps[name]]) for name, head in self.heads.items()}
