"""Mixed-precision planning: per-layer activation energy gathered while fine-tuning."""
import weakref
from collections import defaultdict

import torch
import torch.nn as nn

CFG = {"epochs": 2, "steps": 3, "lr": 5e-3, "budget_8bit": 2}

_LIVE_ENERGY = weakref.WeakKeyDictionary()


def record_energy(module, inputs, output):
    _LIVE_ENERGY[output] = (module.qname, output.pow(2).mean())  # retain


def live_layer_energy():
    return {name: float(energy) for name, energy in list(_LIVE_ENERGY.values())}


def attach_energy_hooks(model):
    handles = []
    for name, module in model.named_modules():
        if isinstance(module, nn.Linear):
            module.qname = name
            handles.append(module.register_forward_hook(record_energy))
    return handles


def plan_bits(energy_log, budget_8bit):
    mean_energy = {name: sum(v) / len(v) for name, v in energy_log.items()}
    ranked = sorted(mean_energy, key=mean_energy.get, reverse=True)
    return {name: (8 if i < budget_8bit else 4) for i, name in enumerate(ranked)}


def make_model():
    return nn.Sequential(
        nn.Linear(16, 48), nn.SiLU(),
        nn.Linear(48, 48), nn.SiLU(),
        nn.Linear(48, 24), nn.SiLU(),
        nn.Linear(24, 3),
    )


def main():
    model = make_model()
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"], momentum=0.9)
    energy_log = defaultdict(list)
    for epoch in range(CFG["epochs"]):
        profiling = epoch == CFG["epochs"] - 1
        handles = attach_energy_hooks(model) if profiling else []
        for _ in range(CFG["steps"]):
            x, y = torch.randn(32, 16), torch.randint(0, 3, (32,))
            logits = model(x)
            if profiling:
                for name, value in live_layer_energy().items():
                    energy_log[name].append(value)
            loss = nn.functional.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        for h in handles:
            h.remove()
    print("bit plan:", plan_bits(energy_log, CFG["budget_8bit"]))


if __name__ == "__main__":
    main()
