"""Supervised-contrastive (SupCon) pre-training, then a check on unnormalised projections."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

from layers import Lambda, mlp


class SupConModel(nn.Module):
    def __init__(self, in_dim, feat_dim, proj_dim, temperature=0.1):
        super().__init__()
        self.temperature = temperature
        self.backbone = nn.Sequential(nn.Linear(in_dim, feat_dim), nn.ReLU())
        self.projector = nn.Sequential(*mlp(feat_dim, feat_dim, proj_dim))
        self.l2norm = Lambda(functools.partial(F.normalize, dim=-1), "l2norm")

    def forward(self, x, normalize=True):
        z = self.projector(self.backbone(x))
        return self.l2norm(z) if normalize else z

    def supcon_loss(self, z, labels):
        sim = z @ z.t() / self.temperature
        self_mask = torch.eye(len(z), dtype=torch.bool)
        sim = sim.masked_fill(self_mask, float("-inf"))
        pos = (labels[:, None] == labels[None, :]) & ~self_mask
        log_prob = sim - torch.logsumexp(sim, dim=1, keepdim=True)
        log_prob = log_prob.masked_fill(self_mask, 0.0)
        per_anchor = (log_prob * pos).sum(1) / pos.sum(1).clamp(min=1)
        return -per_anchor.mean()


def augment(x):
    mask = (torch.rand_like(x) > 0.15).float()
    return (x + 0.2 * torch.randn_like(x)) * mask


def main():
    cfg = {"in_dim": 24, "feat_dim": 32, "proj_dim": 16, "classes": 4, "lr": 0.05, "steps": 4,
           "bs": 32}
    centers = torch.randn(cfg["classes"], cfg["in_dim"]) * 2
    labels_all = torch.randint(0, cfg["classes"], (256,))
    data = centers[labels_all] + torch.randn(256, cfg["in_dim"])
    for temperature in (0.1, 0.5):
        model = SupConModel(cfg["in_dim"], cfg["feat_dim"], cfg["proj_dim"], temperature)
        opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
        for step in range(cfg["steps"]):
            idx = torch.randint(0, len(data), (cfg["bs"],))
            x, y = data[idx], labels_all[idx]
            z = torch.cat([model(augment(x)), model(augment(x))])
            loss = model.supcon_loss(z, torch.cat([y, y]))
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            raw = model(data[:64], normalize=False)
        print(f"tau={temperature}: loss {loss.item():.3f}, raw proj norm {raw.norm(dim=1).mean():.3f}")


if __name__ == "__main__":
    main()
