"""Multi-task training: classification plus an auxiliary reconstruction loss."""
import torch
import torch.nn as nn

from heads import ClassifierHead, ReconstructionHead
from store import SHARED_FEATURES

CFG = {"in_dim": 12, "dim": 16, "classes": 3, "epochs": 3, "steps": 4, "batch": 8, "aux_weight": 0.3}


def main():
    torch.manual_seed(0)
    encoder = nn.Sequential(nn.Linear(CFG["in_dim"], CFG["dim"]), nn.GELU())
    cls_head = ClassifierHead(CFG["dim"], CFG["classes"])
    rec_head = ReconstructionHead(CFG["dim"], CFG["in_dim"])
    params = [*encoder.parameters(), *cls_head.parameters(), *rec_head.parameters()]
    opt = torch.optim.AdamW(params, lr=3e-3)
    xs = torch.randn(CFG["steps"] * CFG["batch"], CFG["in_dim"])
    ys = torch.randint(0, CFG["classes"], (len(xs),))
    for epoch in range(CFG["epochs"]):
        with SHARED_FEATURES.epoch(epoch):
            for step, idx in enumerate(torch.randperm(len(xs)).split(CFG["batch"])):
                key = (SHARED_FEATURES.current_epoch, step)
                x, y = xs[idx], ys[idx]
                loss = cls_head.loss(key, encoder, x, y) + CFG["aux_weight"] * rec_head.loss(key, encoder, x)
                opt.zero_grad()
                loss.backward()
                opt.step()
        print("epoch %d loss %.3f (feature hits %d / misses %d)"
              % (epoch, loss.item(), SHARED_FEATURES.hits, SHARED_FEATURES.misses))


if __name__ == "__main__":
    main()
