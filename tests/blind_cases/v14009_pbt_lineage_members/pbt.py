"""Population-based training: truncation selection, weight copying and hyperparameter perturbation."""
import copy
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

PERTURB = (0.8, 1.25)


class Member:
    def __init__(self, uid, hparams, build_model):
        self.uid = uid
        self.hparams = dict(hparams)
        self.model = build_model()
        self.opt = self._make_optimizer()
        self.score = float("-inf")
        self.steps = 0
        self.lineage = []

    def _make_optimizer(self):
        return torch.optim.SGD(self.model.parameters(), lr=self.hparams["lr"],
                               momentum=self.hparams["momentum"])

    def train(self, batches):
        self.model.train()
        for x, y in batches:
            loss = F.cross_entropy(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            self.steps += 1

    @torch.no_grad()
    def evaluate(self, x, y):
        self.model.eval()
        self.score = (self.model(x).argmax(1) == y).float().mean().item()
        return self.score

    def exploit(self, donor):
        self.model.load_state_dict(donor.model.state_dict())
        self.hparams = copy.deepcopy(donor.hparams)
        self.lineage.append(donor)  # cycle

    def explore(self, rng):
        for key in ("lr", "momentum"):
            value = self.hparams[key] * rng.choice(PERTURB)
            self.hparams[key] = min(value, 0.99) if key == "momentum" else value
        self.opt = self._make_optimizer()

    def describe(self):
        chain = " <- ".join(f"m{d.uid}" for d in self.lineage[-3:])
        return f"m{self.uid} score={self.score:.3f} lr={self.hparams['lr']:.4f} [{chain}]"


def pbt_round(population, rng, frac=0.25):
    ranked = sorted(population, key=lambda m: m.score, reverse=True)
    n = max(1, int(len(ranked) * frac))
    for loser in ranked[-n:]:
        donor = rng.choice(ranked[:n])
        loser.exploit(donor)
        loser.explore(rng)
    return ranked[0]


def make_mlp(in_dim=8, hidden=16, classes=3):
    return nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, classes))
