"""Small sweep over encoder widths; each trial exports its config next to the metrics."""
import json

import torch
import torch.nn as nn

import models  # noqa: F401  (registers the components)
from configurable import build

BASE = {"type": "LinearHead", "num_classes": 4,
        "encoder": {"type": "MLPEncoder", "in_dim": 8, "hidden": 16, "depth": 2}}


def trial(hidden, steps=4):
    cfg = json.loads(json.dumps(BASE))
    cfg["encoder"]["hidden"] = hidden
    model = build(cfg)
    opt = torch.optim.Adam([p for p in model.parameters() if p.requires_grad], lr=1e-2)
    for _ in range(steps):
        x, y = torch.randn(32, 8), torch.randint(0, 4, (32,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return {"config": model.export_config(), "loss": round(loss.item(), 4)}


def main():
    torch.manual_seed(0)
    results = [trial(hidden) for hidden in (8, 16, 32)]
    for r in results:
        print(json.dumps(r))


if __name__ == "__main__":
    main()
