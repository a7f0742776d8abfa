"""One frozen backbone, a fresh set of adapters per downstream task."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from adapters import LowRankAdapter
from surgery import UndoLog, replace_all


def pretrained_backbone():
    torch.manual_seed(0)
    return nn.Sequential(
        nn.Sequential(nn.Linear(12, 32), nn.ReLU()),
        nn.Sequential(nn.Linear(32, 32), nn.ReLU()),
        nn.Linear(32, 4),
    )


def finetune(backbone, task_id, steps=4):
    log = UndoLog()
    adapters = replace_all(backbone, lambda name, m: isinstance(m, nn.Linear) and m.out_features == 32,
                           LowRankAdapter, log)
    params = [p for a in adapters for p in (a.down.weight, a.up.weight_orig)]
    opt = torch.optim.Adam(params, lr=1e-2)
    for _ in range(steps):
        x = torch.randn(16, 12)
        y = (x[:, task_id] > 0).long() + 2 * (x[:, task_id + 1] > 0).long()
        loss = F.cross_entropy(backbone(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    exported = {k: v for k, v in backbone.state_dict().items() if ".down." in k or ".up." in k}
    log.revert_all()
    return exported


def main():
    backbone = pretrained_backbone()
    for p in backbone.parameters():
        p.requires_grad_(False)
    exported = [finetune(backbone, t) for t in range(3)]
    assert all(len(sd) == 8 for sd in exported)


if __name__ == "__main__":
    main()
