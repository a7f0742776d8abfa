"""BYOL learner: online network with predictor, EMA target network, LARS."""
import copy
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

from lars import LARS


def mlp(dim_in, hidden, dim_out):
    return nn.Sequential(nn.Linear(dim_in, hidden), nn.BatchNorm1d(hidden),
                         nn.ReLU(inplace=True), nn.Linear(hidden, dim_out))


class BYOLLearner:
    def __init__(self, encoder, cfg):
        self.cfg = cfg
        self.online = nn.Sequential(encoder, mlp(cfg["feat_dim"], cfg["hidden"], cfg["proj_dim"]))
        self.predictor = mlp(cfg["proj_dim"], cfg["hidden"], cfg["proj_dim"])
        self.target = copy.deepcopy(self.online)
        for p in self.target.parameters():
            p.requires_grad_(False)
        self._no_adapt = {id(p) for m in self.modules() for n, p in m.named_parameters(recurse=False)
                          if n == "bias" or isinstance(m, nn.modules.batchnorm._BatchNorm)}
        params = list(self.online.parameters()) + list(self.predictor.parameters())
        self.optimizer = LARS(params, lr=cfg["base_lr"] * cfg["batch_size"] / 256,  # cycle
                              weight_decay=cfg["weight_decay"],
                              weight_decay_filter=self._is_excluded,  # cycle
                              lars_adaptation_filter=self._is_excluded)  # cycle
        self.step = 0

    def modules(self):
        yield from self.online.modules()
        yield from self.predictor.modules()

    def _is_excluded(self, p):
        return id(p) in self._no_adapt

    def tau(self):
        progress = self.step / max(1, self.cfg["total_steps"])
        return 1 - (1 - self.cfg["base_tau"]) * (math.cos(math.pi * progress) + 1) / 2

    @staticmethod
    def regression_loss(p, z):
        return 2 - 2 * F.cosine_similarity(p, z.detach(), dim=-1).mean()

    def train_step(self, v1, v2):
        p1, p2 = self.predictor(self.online(v1)), self.predictor(self.online(v2))
        with torch.no_grad():
            z1, z2 = self.target(v1), self.target(v2)
        loss = self.regression_loss(p1, z2) + self.regression_loss(p2, z1)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self._update_target()
        self.step += 1
        return loss.item()

    @torch.no_grad()
    def _update_target(self):
        tau = self.tau()
        for po, pt in zip(self.online.parameters(), self.target.parameters()):
            pt.mul_(tau).add_(po, alpha=1 - tau)
