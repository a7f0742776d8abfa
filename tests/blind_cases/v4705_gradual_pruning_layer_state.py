"""Gradual magnitude pruning (Zhu & Gupta cubic schedule) during fine-tuning."""
from dataclasses import dataclass, field
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F

STATE_ATTR = "_sparsity_state"


@dataclass
class SparsityState:
    module: nn.Module
    param_name: str
    mask: torch.Tensor
    history: List[float] = field(default_factory=list)

    @property
    def weight(self) -> torch.Tensor:
        return getattr(self.module, self.param_name)

    def sparsity(self) -> float:
        return 1.0 - float(self.mask.float().mean())


def cubic_sparsity(step, start, end, final):
    if step <= start:
        return 0.0
    progress = min(1.0, (step - start) / max(1, end - start))
    return final * (1.0 - (1.0 - progress) ** 3)


def _install_state(module, param_name):
    weight = getattr(module, param_name)
    state = SparsityState(module=module, param_name=param_name,  # cycle
                          mask=torch.ones_like(weight, dtype=torch.bool))
    setattr(module, STATE_ATTR, state)  # cycle
    return state


class GradualMagnitudePruner:
    def __init__(self, model, final_sparsity=0.5, start=1, end=6, types=(nn.Linear,)):
        self.final_sparsity = final_sparsity
        self.start, self.end = start, end
        self.states = [_install_state(m, "weight") for m in model.modules() if isinstance(m, types)]

    @torch.no_grad()
    def step(self, global_step):
        target = cubic_sparsity(global_step, self.start, self.end, self.final_sparsity)
        for state in self.states:
            w = state.weight
            k = int(target * w.numel())
            if k > 0:
                threshold = w.abs().flatten().kthvalue(k).values
                state.mask = w.abs() > threshold
            w.mul_(state.mask)
            state.history.append(state.sparsity())
        return target


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 4))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    pruner = GradualMagnitudePruner(model, final_sparsity=0.6)
    for step in range(8):
        x, y = torch.randn(16, 16), torch.randint(0, 4, (16,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        target = pruner.step(step)
    print(f"target sparsity {target:.2f}, per layer {[round(s.sparsity(), 2) for s in pruner.states]}")


if __name__ == "__main__":
    main()
