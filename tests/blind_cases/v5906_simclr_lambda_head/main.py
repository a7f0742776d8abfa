"""SimCLR pre-training for a few steps, then a linear-probe check on raw projections."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from layers import Lambda, mlp


class SimCLR(nn.Module):
    def __init__(self, in_dim, feat_dim, proj_dim, temperature=0.2):
        super().__init__()
        self.temperature = temperature
        self.normalize = True
        self.backbone = nn.Sequential(nn.Linear(in_dim, feat_dim), nn.ReLU())
        self.projector = nn.Sequential(  # cycle
            *mlp(feat_dim, feat_dim, proj_dim),
            Lambda(lambda z: F.normalize(z, dim=-1) if self.normalize else z, "l2norm"),  # cycle
        )

    def forward(self, x):
        return self.projector(self.backbone(x))

    def nt_xent(self, z1, z2):
        z = torch.cat([z1, z2])
        sim = z @ z.t() / self.temperature
        sim.fill_diagonal_(float("-inf"))
        n = len(z1)
        targets = torch.cat([torch.arange(n, 2 * n), torch.arange(0, n)])
        return F.cross_entropy(sim, targets)


def two_views(x):
    def view():
        mask = (torch.rand_like(x) > 0.15).float()
        return (x + 0.2 * torch.randn_like(x)) * mask
    return view(), view()


def main():
    cfg = {"in_dim": 24, "feat_dim": 32, "proj_dim": 16, "lr": 0.05, "steps": 4, "bs": 32}
    data = torch.randn(256, cfg["in_dim"])
    for temperature in (0.1, 0.5):
        model = SimCLR(cfg["in_dim"], cfg["feat_dim"], cfg["proj_dim"], temperature)
        opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
        for step in range(cfg["steps"]):
            x = data[torch.randint(0, len(data), (cfg["bs"],))]
            v1, v2 = two_views(x)
            loss = model.nt_xent(model(v1), model(v2))
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        model.normalize = False
        with torch.no_grad():
            raw = model(data[:64])
        print(f"tau={temperature}: loss {loss.item():.3f}, raw proj norm {raw.norm(dim=1).mean():.3f}")


if __name__ == "__main__":
    main()
