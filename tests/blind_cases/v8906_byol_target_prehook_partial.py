"""BYOL whose target network refreshes itself from a forward pre-hook built with functools.partial."""
import copy
import functools
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def mlp(dim_in, hidden, dim_out):
    return nn.Sequential(nn.Linear(dim_in, hidden), nn.BatchNorm1d(hidden), nn.ReLU(), nn.Linear(hidden, dim_out))


class MomentumSchedule:
    def __init__(self, base_tau, total_steps):
        self.base_tau = base_tau
        self.total_steps = total_steps
        self.step = 0
        self.stale = False

    def tau(self):
        progress = min(1.0, self.step / self.total_steps)
        return 1.0 - (1.0 - self.base_tau) * (math.cos(math.pi * progress) + 1.0) / 2.0

    def advance(self):
        self.step += 1
        self.stale = True


def sync_target(target, inputs, online, schedule):
    if not (target.training and schedule.stale):
        return
    tau = schedule.tau()
    with torch.no_grad():
        for po, pt in zip(online.parameters(), target.parameters()):
            pt.mul_(tau).add_(po.detach(), alpha=1.0 - tau)
    schedule.stale = False


class BYOL(nn.Module):
    def __init__(self, encoder, feat_dim, proj_dim=16, hidden=64, base_tau=0.996, total_steps=100):
        super().__init__()
        self.online = nn.Sequential(encoder, mlp(feat_dim, hidden, proj_dim))
        self.predictor = mlp(proj_dim, hidden, proj_dim)
        self.target = copy.deepcopy(self.online)
        self.target.requires_grad_(False)
        self.schedule = MomentumSchedule(base_tau, total_steps)
        self.target.register_forward_pre_hook(
            functools.partial(sync_target, online=self.online, schedule=self.schedule))

    def on_optimizer_step(self):
        self.schedule.advance()

    def forward(self, v1, v2):
        p1 = self.predictor(self.online(v1))
        p2 = self.predictor(self.online(v2))
        with torch.no_grad():
            z1, z2 = self.target(v1), self.target(v2)
        loss = (2 - 2 * F.cosine_similarity(p1, z2, dim=-1)) + (2 - 2 * F.cosine_similarity(p2, z1, dim=-1))
        return loss.mean()


def two_views(x):
    return [x * (1 + 0.1 * torch.randn(1)) + 0.1 * torch.randn_like(x) for _ in range(2)]


def linear_probe(encoder, x, y, classes):
    with torch.no_grad():
        feats = encoder(x)
    probe = nn.Linear(feats.shape[1], classes)
    opt = torch.optim.Adam(probe.parameters(), lr=1e-2)
    for _ in range(5):
        loss = F.cross_entropy(probe(feats), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return (probe(feats).argmax(1) == y).float().mean().item()


def main():
    torch.manual_seed(0)
    x = torch.randn(64, 20)
    y = torch.randint(0, 3, (64,))
    for run, base_tau in enumerate((0.99, 0.996)):
        encoder = nn.Sequential(nn.Linear(20, 48), nn.ReLU(), nn.Linear(48, 32))
        model = BYOL(encoder, 32, base_tau=base_tau, total_steps=8)
        opt = torch.optim.SGD(list(model.online.parameters()) + list(model.predictor.parameters()), lr=0.05)
        model.train()
        for epoch in range(2):
            for batch in x.split(16):
                loss = model(*two_views(batch))
                opt.zero_grad()
                loss.backward()
                opt.step()
                model.on_optimizer_step()
        model.eval()
        print("run %d tau=%.3f probe acc %.2f" % (run, base_tau, linear_probe(model.online[0], x, y, 3)))


if __name__ == "__main__":
    main()
