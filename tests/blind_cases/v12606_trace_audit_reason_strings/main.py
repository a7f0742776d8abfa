"""Token-mixer search: keep only FX-traceable candidates and train a copy of each."""
import copy

import torch
import torch.nn as nn

from audit import REJECTED, audit
from space import DIM, PROTOTYPES

SEARCH_CFG = {"seq_len": 6, "batch": 4, "steps": 4, "lr": 5e-3}


def train_candidate(mixer, cfg):
    head = nn.Linear(DIM, 2)
    opt = torch.optim.Adam(list(mixer.parameters()) + list(head.parameters()), lr=cfg["lr"])
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], cfg["seq_len"], DIM)
        y = (x.mean(dim=(1, 2)) > 0).long()
        logits = head(mixer(x).mean(dim=1))
        loss = nn.functional.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    accepted = audit(PROTOTYPES)
    results = {}
    for name, hist in accepted.items():
        results[name] = train_candidate(copy.deepcopy(PROTOTYPES[name]), SEARCH_CFG)
        print(f"{name:<10} ops={hist} loss={results[name]:.3f}")
    for name, reason in REJECTED.items():
        print(f"{name:<10} rejected: {reason[:60]}")
    print("selected:", min(results, key=results.get))


if __name__ == "__main__":
    main()
