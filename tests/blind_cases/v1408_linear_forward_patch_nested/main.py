"""Calibrate a two-tower retrieval model: whole model first, then each tower separately."""
import torch
import torch.nn as nn

from calibration import LinearCalibration


class Tower(nn.Module):
    def __init__(self, in_dim, dim):
        super().__init__()
        self.proj = nn.Linear(in_dim, dim)
        self.mlp = nn.Sequential(nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, x):
        return nn.functional.normalize(self.mlp(self.proj(x)), dim=-1)


class TwoTower(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = Tower(12, 16)
        self.doc = Tower(20, 16)

    def forward(self, q, d):
        return (self.query(q) * self.doc(d)).sum(-1)


def finetune(model, steps=3):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(steps):
        q, d = torch.randn(16, 12), torch.randn(16, 20)
        loss = (1.0 - model(q, d)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def calibrate(model, num_batches=3):
    model.eval()
    with LinearCalibration(model) as joint, torch.no_grad():
        for i in range(num_batches):
            q, d = torch.randn(16, 12), torch.randn(16, 20)
            model(q, d)
            if i == num_batches - 1:
                with LinearCalibration(model.query, prefix="query.") as solo:
                    model.query(q)
    return joint.scales(), solo.scales()


def main():
    for seed in range(2):
        torch.manual_seed(seed)
        model = TwoTower()
        finetune(model)
        joint, solo = calibrate(model)
        print(seed, len(joint), len(solo), round(joint["query.proj"], 5))


if __name__ == "__main__":
    main()
