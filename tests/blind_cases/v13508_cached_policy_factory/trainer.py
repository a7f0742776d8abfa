"""Minimal trainer that takes its augmentation policy by name from the policy table."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from policies import get_policy


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(cfg["dim"], cfg["hidden"]), nn.ReLU(),
                                   nn.Linear(cfg["hidden"], cfg["classes"]))
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=cfg["lr"], weight_decay=1e-4)
        self.policy = get_policy(cfg["policy"])
        self.policy.bind_model(self.model)

    def train_epoch(self, batches):
        total = 0.0
        for x, y in batches:
            x_aug = self.policy(x, y)
            loss = F.cross_entropy(self.model(x_aug), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            total += loss.item()
        return total / len(batches)
