"""Adapter fine-tuning of a small pretrained MLP on several downstream tasks."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from adapters import LowRankAdapter
from surgery import replace_all


def pretrained_backbone():
    torch.manual_seed(0)
    return nn.Sequential(
        nn.Sequential(nn.Linear(12, 32), nn.ReLU()),
        nn.Sequential(nn.Linear(32, 32), nn.ReLU()),
        nn.Linear(32, 4),
    )


def finetune(task_id, steps=4):
    model = pretrained_backbone()
    adapters = replace_all(model, lambda name, m: isinstance(m, nn.Linear) and m.out_features == 32,
                           LowRankAdapter)
    params = [p for a in adapters for p in (a.down.weight, a.up.weight)]
    opt = torch.optim.Adam(params + list(model[2].parameters()), lr=1e-2)
    for _ in range(steps):
        x = torch.randn(16, 12)
        y = (x[:, task_id] > 0).long() + 2 * (x[:, task_id + 1] > 0).long()
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return {k: v for k, v in model.state_dict().items() if ".down." in k or ".up." in k}


def main():
    exported = [finetune(t) for t in range(3)]
    assert all(len(sd) == 4 for sd in exported)


if __name__ == "__main__":
    main()
