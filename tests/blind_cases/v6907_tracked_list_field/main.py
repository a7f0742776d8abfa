"""Progressive growing: the backbone config gains a stage every phase and the
model is rebuilt (warm-started) from the updated config."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F

from tracked import TrackedList


@dataclass
class BackboneConfig:
    in_dim: int = 6
    widths: list = field(default_factory=lambda: [16])
    classes: int = 3

    def __post_init__(self):
        self.widths = TrackedList(self.widths, on_change=self._invalidate)  # cycle
        self._model = None

    def _invalidate(self):
        self._model = None

    def build(self):
        if self._model is None:
            layers, d = [], self.in_dim
            for w in self.widths:
                layers += [nn.Linear(d, w), nn.ReLU()]
                d = w
            layers.append(nn.Linear(d, self.classes))
            self._model = nn.Sequential(*layers)
        return self._model


def warm_start(new, old):
    if old is None:
        return
    new_sd = new.state_dict()
    for k, v in old.state_dict().items():
        if k in new_sd and new_sd[k].shape == v.shape:
            new_sd[k] = v
    new.load_state_dict(new_sd)


def grow_and_train(phases=3, steps=3):
    cfg = BackboneConfig()
    prev = None
    for phase in range(phases):
        if phase:
            cfg.widths.append(cfg.widths[-1])
        model = cfg.build()
        warm_start(model, prev)
        opt = torch.optim.Adam(model.parameters(), lr=1e-2)
        for _ in range(steps):
            x, y = torch.randn(24, cfg.in_dim), torch.randint(0, cfg.classes, (24,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"phase {phase}: widths={list(cfg.widths)} loss={loss.item():.3f}")
        prev = model
    return loss.item()


def main():
    for seed in (0, 1):
        torch.manual_seed(seed)
        grow_and_train()


if __name__ == "__main__":
    main()
